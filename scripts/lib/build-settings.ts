import { normaliseBasePath, trimTrailingSlashes } from '../../src/urls.ts';
import type { Problem } from './problems.ts';

/**
 * The two settings a build takes from outside the content: the sub-folder it
 * is served from (--base or BASE_PATH) and the site's address (SITE_URL).
 * Either one wrong would be written into every page, so a build refuses them.
 */
export function checkBuildSettings({ basePath, siteUrl }: { basePath?: string; siteUrl?: string }): Problem[] {
  const problems: Problem[] = [];
  if (siteUrl !== undefined && siteUrl !== '') {
    const trimmed = trimTrailingSlashes(siteUrl);
    const valid = /^https?:\/\/[^\s/]+$/.test(trimmed) && URL.canParse(trimmed);
    if (!valid) {
      problems.push({
        where: 'SITE_URL',
        message: `expected the address the site is served from, with http:// or https:// and no path, such as https://eccron.eu; found "${siteUrl}"`,
      });
    }
  }
  if (basePath !== undefined && basePath.trim() !== '' && basePath.trim() !== '/') {
    const segments = normaliseBasePath(basePath).slice(1).split('/');
    const clean = segments.every(
      (segment) => /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/.test(segment) && segment !== '.' && segment !== '..',
    );
    if (!clean) {
      problems.push({
        where: 'base path (--base or BASE_PATH)',
        message: `expected a sub-folder such as /eccron-site: names of letters, digits, ".", "_", "~" and "-" separated by "/", without "." or ".." steps; found "${basePath}"`,
      });
    }
  }
  return problems;
}
