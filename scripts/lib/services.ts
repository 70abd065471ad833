/**
 * The public services the network commands ask, each with the setting (an
 * environment variable, read by the commands alone) that points it elsewhere:
 * a mirror, or a test's loopback stand-in. One table, so that `cite` and
 * `check-links` never disagree on where ORCID or the DOI system answers, and
 * one reader of the settings, so that a mistyped address is one line naming
 * the setting and its fix, never a stack trace from deep inside a request.
 */
import { trimTrailingSlashes } from '../../src/urls.ts';

export const services = {
  /** Resolves a DOI to its record by content negotiation (cite). */
  doiResolver: { setting: 'DOI_RESOLVER', address: 'https://doi.org', what: 'a DOI resolver' },
  /** Says whether a DOI is registered, without visiting the publisher (check-links). */
  doiHandleApi: { setting: 'DOI_HANDLE_API', address: 'https://doi.org/api/handles', what: 'the DOI handle API' },
  /** Members' public ORCID records (cite orcid, check-links). */
  orcidApi: { setting: 'ORCID_API', address: 'https://pub.orcid.org/v3.0', what: "ORCID's public API" },
  /** Crossref's search, for fill --find-dois. */
  crossrefApi: { setting: 'CROSSREF_API', address: 'https://api.crossref.org', what: "Crossref's REST API" },
  /** Unpaywall, for the free copy of each DOI (cite). */
  openAccessApi: { setting: 'OPEN_ACCESS_API', address: 'https://api.unpaywall.org/v2', what: "Unpaywall's API" },
} as const;

export type Service = keyof typeof services;

/** A setting that is not an address the command can ask: its message is the one line to print. */
export class ServiceSettingError extends Error {}

/** Why a typed address cannot be asked, or undefined when it can. */
function flaw(value: string): string | undefined {
  if (!URL.canParse(value)) return 'which is not an http(s) address';
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `which is a ${url.protocol} address, not http(s)`;
  if (!/^https?:\/\/[^/?#]/i.test(value)) return 'which has no host name after the //';
  if (url.username || url.password) return 'which holds a user name or password';
  if (url.search || url.hash || /[?#]/.test(value)) return 'which has a ? or # part';
  return undefined;
}

/**
 * The address of a service: its setting in `environment` when set (spaces and trailing slashes trimmed), else the
 * public one. A setting that is not an http(s) address throws a ServiceSettingError naming it and the fix.
 */
export function serviceAddress(service: Service, environment: Readonly<Record<string, string | undefined>>): string {
  const { setting, address, what } = services[service];
  const typed = environment[setting]?.trim();
  if (!typed) return address;
  const problem = flaw(typed);
  if (problem === undefined) return trimTrailingSlashes(typed);
  throw new ServiceSettingError(
    `${setting} is ${JSON.stringify(typed)}, ${problem}: set it to the address of ${what}, such as ${address}, or unset it to use that one. Nothing was asked.`,
  );
}
