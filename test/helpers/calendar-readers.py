"""Calendar files read by Python's two common iCalendar libraries, for the tests.

vobject computes each instant from the file's own VTIMEZONE (through
dateutil's tzical), icalendar from the TZID as an IANA name (through pytz and
the system's tz data): two readers the site did not write, each with its own
reading of the zone. The test helper (test/helpers/python-calendar-readers.ts)
starts this once and sends one calendar per line, as JSON; each answer is one
line of JSON: what each library read, or the error it raised on the file.

A line {"forget": true} makes vobject forget the zones it has read (it keeps
the first VTIMEZONE of each TZID for every later file), as a new process
would: the files of one build are read in one session, as a program reading
them all would.

The first line written says which versions answer, or, when a library is
missing, which one (the test then skips, or fails in CI).
"""

import calendar
import datetime
import json
import sys
import traceback
from importlib import metadata

try:
    import icalendar
    import vobject
except ImportError as missing:
    print(json.dumps({"missing": str(missing)}), flush=True)
    sys.exit(0)


def moment(value):
    """A timed value as its instant (ms since 1970, UTC); a date as YYYY-MM-DD; a floating time is an error."""
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError("a floating time (no zone): %s" % value.isoformat())
        return calendar.timegm(value.utctimetuple()) * 1000
    if isinstance(value, datetime.date):
        return value.isoformat()
    raise ValueError("not a date or time: %r" % (value,))


def read_vobject(text):
    parsed = vobject.readOne(text, validate=True)
    events = []
    for vevent in getattr(parsed, "vevent_list", []):
        def value(name, default=None):
            return getattr(vevent, name).value if hasattr(vevent, name) else default

        events.append(
            {
                "uid": value("uid"),
                "summary": value("summary", ""),
                "description": value("description", ""),
                "location": value("location"),
                "url": value("url"),
                "status": value("status"),
                "sequence": int(value("sequence")) if hasattr(vevent, "sequence") else None,
                "start": moment(value("dtstart")),
                "end": moment(value("dtend")) if hasattr(vevent, "dtend") else None,
            }
        )
    return events


def read_icalendar(text):
    parsed = icalendar.Calendar.from_ical(text)
    events = []
    for vevent in parsed.walk("VEVENT"):
        def text_of(name):
            return str(vevent[name]) if name in vevent else None

        events.append(
            {
                "uid": text_of("UID"),
                "summary": text_of("SUMMARY") or "",
                "description": text_of("DESCRIPTION") or "",
                "location": text_of("LOCATION"),
                "url": text_of("URL"),
                "status": text_of("STATUS"),
                "sequence": int(vevent.decoded("SEQUENCE")) if "SEQUENCE" in vevent else None,
                "start": moment(vevent.decoded("DTSTART")),
                "end": moment(vevent.decoded("DTEND")) if "DTEND" in vevent else None,
            }
        )
    return events


def attempt(read, text):
    try:
        return {"events": read(text)}
    except Exception as error:  # the test reports what the library raised, whatever it is
        last = traceback.format_exception_only(type(error), error)[-1].strip()
        return {"error": last}


def forget_zones():
    """vobject keeps the first VTIMEZONE of each TZID for every later file: a new build starts afresh."""
    registry = getattr(vobject.icalendar, "__tzidMap")
    registry.clear()
    vobject.icalendar.registerTzid("UTC", vobject.icalendar.utc)


def main():
    versions = {name: metadata.version(name) for name in ("vobject", "icalendar")}
    print(json.dumps({"ready": versions}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("forget"):
            forget_zones()
            print(json.dumps({"forgot": True}), flush=True)
            continue
        text = request["text"]
        answer = {"vobject": attempt(read_vobject, text), "icalendar": attempt(read_icalendar, text)}
        print(json.dumps(answer, ensure_ascii=False), flush=True)


main()
