/**
 * A small writer of iCalendar (RFC 5545) text: components made of properties,
 * each written as one content line, TEXT values escaped (§3.3.11), lines
 * folded at 75 octets without splitting a UTF-8 sequence (§3.1), CRLF line
 * ends. It is structural: a calendar is assembled from components, never by
 * editing text. It refuses what no reader could take back (a control
 * character in a value, a quote in a parameter); the content check refuses
 * those first, at their file and line.
 */

/** A property, its value already in its type's form: TEXT through `text()`, URIs and dates as they are. */
export interface Property {
  name: string;
  parameters?: Readonly<Record<string, string>>;
  value: string;
}

export interface Component {
  name: string;
  properties: readonly (Property | undefined)[];
  components?: readonly Component[];
}

/** Whether a value holds a control character other than the tab that TEXT allows (a line feed is written as \n). */
function hasControl(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true;
  }
  return false;
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, each line break as \n. */
export function text(value: string): string {
  const escaped = value.replace(/[\\;,]/g, (character) => `\\${character}`).replace(/\n/g, '\\n');
  if (hasControl(escaped))
    throw new Error(`a control character cannot be written in a calendar: ${JSON.stringify(value)}`);
  return escaped;
}

/** A parameter value: quoted when it holds a colon, semicolon or comma; a quote or control character cannot be written. */
function parameterValue(value: string): string {
  if (value.includes('"') || hasControl(value))
    throw new Error(`not a calendar parameter value: ${JSON.stringify(value)}`);
  return /[:;,]/.test(value) ? `"${value}"` : value;
}

/** A content line folded so that no line exceeds 75 octets, each fold before a whole character (RFC 5545 §3.1). */
function fold(line: string): string {
  let folded = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    // A continuation line starts with a space, which counts: 74 octets of the line follow it.
    if (octets + size > 75) {
      folded += '\r\n ';
      octets = 1;
    }
    folded += character;
    octets += size;
  }
  return folded;
}

function contentLine({ name, parameters = {}, value }: Property): string {
  if (hasControl(value)) throw new Error(`a control character cannot be written in ${name}: ${JSON.stringify(value)}`);
  const params = Object.entries(parameters).map(([key, param]) => `;${key}=${parameterValue(param)}`);
  return fold(`${name}${params.join('')}:${value}`);
}

function lines(component: Component): string[] {
  return [
    `BEGIN:${component.name}`,
    ...component.properties.filter((property) => property !== undefined).map(contentLine),
    ...(component.components ?? []).flatMap(lines),
    `END:${component.name}`,
  ];
}

/** The text of a calendar object: its components' lines, each ended by CRLF. */
export const writeCalendar = (calendar: Component): string => `${lines(calendar).join('\r\n')}\r\n`;
