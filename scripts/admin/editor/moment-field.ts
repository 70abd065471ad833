/**
 * A day, or a day and a time of day, typed as the file keeps it: the day as
 * 2031-03-30 and the time on the 24-hour clock as 14:30, in the event's own
 * time zone. It replaces the browser's date-time box, which converts what is
 * picked through the browser's own zone (with the browser in Amsterdam, 02:30
 * on the night clocks go forward silently became 03:30) and shows month/day
 * with AM/PM in a US English browser.
 *
 * A time is checked against the pinned tz data with the build's own code
 * (src/events.ts, src/time-zones.ts), never the browser's clock: a time the
 * clocks skip is refused with both fixes offered, and one they repeat asks
 * which of the two is meant, written with its offset. The CMS asks the field
 * whether it is valid before a save (isValid), so neither is ever saved.
 */
import { readEventMoment, instantProblem, offsetText } from '../../../src/events.ts';
import { isTimeZone, readLocalTime } from '../../../src/time-zones.ts';
import type { ImmutableMap } from './page.ts';
import { hasTimeZoneData } from './node-stand-ins.ts';
import { ensureTimeZoneData } from './time-zone-data.ts';

/** React as the CMS lends it to a field of a site's own: createElement and createClass. */
type Element = unknown;
type Create = (type: string, props?: Record<string, unknown> | null, ...children: unknown[]) => Element;
interface Props {
  value?: unknown;
  onChange: (value: string) => void;
  forID: string;
  field: ImmutableMap;
  entry?: ImmutableMap & { getIn(keys: string[]): unknown };
}
interface Control {
  props: Props;
  state: { day: string; time: string };
  setState(state: Partial<Control['state']>): void;
  forceUpdate(): void;
  timed(): boolean;
  write(day: string, time: string, offset?: string): void;
  /** For Ends: the start's day, which an end typed as a time alone is on. */
  startDay(): string | undefined;
  /** The value the boxes wrote last. */
  written?: string;
}

const MINUTE = 60_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{1,2}:\d{2}$/;

/** The typed value's parts: the day, the time, the offset written after it (a repeated hour's choice). */
function parts(value: unknown): { day: string; time: string; offset: string } {
  const text = typeof value === 'string' ? value.trim() : '';
  const [day = '', time = '', offset = ''] = text.split(/[ T]+/);
  return { day, time, offset };
}

/** The event's zone: its own, else the one site.yml sets for every event (given in the field's options). */
function zoneOf(props: Props): string | undefined {
  const own = props.entry?.getIn(['data', 'timezone']);
  const site = props.field.get('site_timezone');
  const zone = typeof own === 'string' && own.trim() ? own.trim() : typeof site === 'string' ? site : undefined;
  // Before the tz data is at hand, no zone can be checked: the boxes are drawn again once it is (componentDidMount).
  return zone && hasTimeZoneData() && isTimeZone(zone) ? zone : undefined;
}

/** What the clocks do at a typed time in a zone: nothing, a gap (with the two times to choose), or a repeat. */
type Reading =
  | { kind: 'none' }
  | { kind: 'gap'; message: string; fixes: string[] }
  | { kind: 'repeated'; message: string; offsets: [string, string] };

const clockText = (clock: number) => new Date(clock).toISOString().slice(11, 16);

function readingOf(value: string, zone: string | undefined): Reading {
  const moment = readEventMoment(value);
  if (!zone || 'problem' in moment || moment.time === undefined) return { kind: 'none' };
  const clock = Date.UTC(
    Number(moment.date.slice(0, 4)),
    Number(moment.date.slice(5, 7)) - 1,
    Number(moment.date.slice(8, 10)),
    Number(moment.time.slice(0, 2)),
    Number(moment.time.slice(3, 5)),
  );
  const reading = readLocalTime(zone, clock);
  const message = instantProblem(value, zone) ?? '';
  if (reading.kind === 'gap') {
    const jump = (reading.transition.to - reading.transition.from) * MINUTE;
    return { kind: 'gap', message, fixes: [clockText(clock - jump), clockText(clock + jump)] };
  }
  if (reading.kind === 'repeated')
    return { kind: 'repeated', message, offsets: [offsetText(reading.offsets[0]), offsetText(reading.offsets[1])] };
  return { kind: 'none' };
}

/** Why the typed value cannot be saved, in the form's words; undefined when it can. */
function momentProblem(value: string, timed: boolean, zone: string | undefined): string | undefined {
  const { day, time, offset } = parts(value);
  if (value.trim() === '') return undefined;
  if (!DAY.test(day)) return 'type the day as 2031-03-30: the year, the month and the day, with hyphens';
  if (!timed && time) return 'type the day alone, such as 2031-03-30';
  if (timed && !TIME.test(time)) return 'type the time on the 24-hour clock, such as 14:30';
  const read = readEventMoment(value);
  if ('problem' in read) return read.problem;
  const reading = readingOf(value, zone);
  if (reading.kind === 'gap') return reading.message;
  if (reading.kind === 'repeated' && !offset) return `${reading.message.split(';')[0]}: choose which of the two`;
  return zone && timed ? instantProblem(value, zone) : undefined;
}

/** The field's control, a React class made with what the CMS lends (window.h, window.createClass). */
export function momentField(create: Create, createClass: (spec: object) => unknown): unknown {
  return createClass({
    getInitialState(this: Control) {
      const { day, time } = parts(this.props.value);
      return { day, time };
    },
    componentDidMount(this: Control) {
      // Drawn again once the tz data is at hand, to say what the clocks do at the time typed.
      ensureTimeZoneData().then(
        () => this.forceUpdate(),
        () => undefined,
      );
    },
    componentDidUpdate(this: Control, previous: Props) {
      // A value set from outside the boxes (the entry read again after a save): the boxes show it. What the boxes
      // wrote themselves stays as typed, half-typed included.
      if (previous.value === this.props.value || this.props.value === this.written) return;
      const { day, time } = parts(this.props.value);
      this.setState({ day, time });
    },
    timed(this: Control) {
      return this.props.field.get('time') !== false;
    },
    startDay(this: Control) {
      if (this.props.field.get('name') !== 'end') return undefined;
      const start = parts(this.props.entry?.getIn(['data', 'start'])).day;
      return DAY.test(start) ? start : undefined;
    },
    write(this: Control, typedDay: string, time: string, offset = '') {
      // Ends typed as a time alone: its day is the start's, as the hint says, and shown in its box.
      const day = typedDay.trim() || !this.timed() || !time.trim() ? typedDay : (this.startDay() ?? typedDay);
      this.setState({ day, time });
      const typed = [day.trim(), this.timed() ? time.trim() : '', offset].filter(Boolean).join(' ');
      this.written = typed;
      this.props.onChange(typed);
    },
    async isValid(this: Control) {
      await ensureTimeZoneData();
      const problem = momentProblem(String(this.props.value ?? ''), this.timed(), zoneOf(this.props));
      return problem ? { error: { message: problem } } : true;
    },
    render(this: Control) {
      return momentControl(create, this);
    },
  });
}

/** The boxes, and below them what the clocks do at the typed time (when the tz data is at hand). */
function momentControl(create: Create, control: Control): Element {
  const { props, state } = control;
  const label = String(props.field.get('label') ?? '');
  const box = (id: string, text: string, value: string, placeholder: string, onInput: (value: string) => void) =>
    create(
      'label',
      { className: 'eccron-moment-part' },
      create('span', null, text),
      create('input', {
        id,
        type: 'text',
        inputMode: 'numeric',
        autoComplete: 'off',
        spellCheck: false,
        placeholder,
        value,
        'aria-description': `${label}: ${text.toLowerCase()}`,
        onChange: (event: { target: { value: string } }) => onInput(event.target.value),
      }),
    );
  // Placeholders that say the format, never a value that could be taken for one already typed.
  const startDay = control.timed() ? control.startDay() : undefined;
  const day = box(
    props.forID,
    'Day (year-month-day)',
    state.day,
    startDay ? 'the start’s day' : 'yyyy-mm-dd',
    (value) => control.write(value, state.time),
  );
  if (!control.timed()) return create('div', { className: 'eccron-moment' }, day);
  const time = box(`${props.forID}-time`, 'Time (24-hour)', state.time, 'hh:mm', (value) =>
    control.write(state.day, value),
  );
  return create('div', { className: 'eccron-moment' }, day, time, clocks(create, control));
}

/** A gap: its message and a button for each fix. A repeat: its message and the two offsets to choose from. */
function clocks(create: Create, control: Control): Element {
  const { props, state } = control;
  const zone = zoneOf(props);
  let reading: Reading = { kind: 'none' };
  try {
    reading = readingOf(`${state.day} ${state.time}`, zone);
  } catch {
    // The tz data is not fetched yet: the check before the save reads it.
  }
  if (reading.kind === 'gap')
    return create(
      'div',
      { className: 'eccron-moment-clocks', role: 'status' },
      create('p', null, reading.message),
      ...reading.fixes.map((fix) =>
        create('button', { type: 'button', onClick: () => control.write(state.day, fix) }, `Use ${fix}`),
      ),
    );
  if (reading.kind !== 'repeated') return null;
  const chosen = parts(props.value).offset;
  const [first, second] = reading.offsets;
  const option = (offset: string, words: string) =>
    create(
      'label',
      null,
      create('input', {
        type: 'radio',
        name: `${props.forID}-offset`,
        checked: chosen === offset,
        onChange: () => control.write(state.day, state.time, offset),
      }),
      ` ${words} (${state.time} ${offset})`,
    );
  return create(
    'fieldset',
    { className: 'eccron-moment-clocks' },
    create('legend', null, `${reading.message.split(';')[0]}. Which one is meant?`),
    option(first, 'The first, before the clocks go back'),
    option(second, 'The second, after the clocks go back'),
  );
}
