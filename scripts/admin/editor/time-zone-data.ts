/**
 * The pinned tz data, fetched once from /admin/ (its name is on the page's
 * root, data-time-zones) and handed to the build's own time-zone code
 * (node-stand-ins.ts): 33 KB over the wire, asked for when an entry is first
 * checked or an event's time is typed.
 */
import { hasTimeZoneData, provideTimeZoneData } from './node-stand-ins.ts';

let fetching: Promise<void> | undefined;

export function ensureTimeZoneData(): Promise<void> {
  if (hasTimeZoneData()) return Promise.resolve();
  const file = document.documentElement.dataset.timeZones;
  fetching ??= file
    ? fetch(file)
        .then((answer) => (answer.ok ? answer.text() : Promise.reject(new Error(`${file}: ${answer.status}`))))
        .then(provideTimeZoneData)
        .catch((error: unknown) => {
          fetching = undefined;
          throw error;
        })
    : Promise.reject(new Error('the page names no tz data'));
  return fetching;
}
