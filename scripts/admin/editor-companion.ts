/**
 * The site's own script on /admin/, beside the CMS (admin/editor-<hash>.js,
 * bundled from this file and editor/ by editor-bundle.ts). It adds what the
 * CMS cannot be configured to do:
 *
 *  - refused before it writes: every save is checked first by the build's own
 *    content check, in the browser, each problem shown at its field in the
 *    form's words (editor/save-check.ts);
 *  - the build's verdict beside the form: under `npm run dev`, each save's
 *    rebuild, passed or each problem at its place; on the live site, where
 *    each save becomes a pull request, links to it and its checks;
 *  - a question before a changed entry is left (the back arrow, the
 *    browser's Back, closing the tab), which the CMS would discard silently,
 *    and before a list item is removed;
 *  - one current verdict: the form's own refusals said in the panel as the
 *    check's are, and what was said of an entry gone once it is left;
 *  - forgiving where the meaning is certain: an identifier pasted as its
 *    address, authors pasted one to a line, an address without https://;
 *  - every key typed into a box kept, though the CMS selects a dialog's box
 *    after it opens (editor/typed-text.ts);
 *  - one main landmark and one top heading while the CMS draws none;
 *  - in local mode, the sign-ins that cannot work here hidden.
 */
import { followDevBuilds, forgetLeftEntry, linkPullRequests, panel } from './editor/build-panel.ts';
import { clearFieldProblems } from './editor/field-problems.ts';
import { watchFormRefusals } from './editor/form-refusals.ts';
import { enterPicksTheMatch, focusNewItems, joinPastedLines } from './editor/form-helpers.ts';
import { forgiveWhatIsCertain } from './editor/forgiving.ts';
import { keepLandmarks } from './editor/landmarks.ts';
import { entryMaybeLeft, guardLeaving } from './editor/leave-guard.ts';
import { cmsApi, cmsConfiguration, devEvents, lentReact, mode } from './editor/page.ts';
import { doiField } from './editor/doi-field.ts';
import { offerPlaces } from './editor/list-position.ts';
import { momentField } from './editor/moment-field.ts';
import { checkBeforeSave, whereListed } from './editor/save-check.ts';
import { addStyles } from './editor/style.ts';
import { keepTypedText } from './editor/typed-text.ts';

addStyles();
keepLandmarks(() => {
  entryMaybeLeft();
  forgetLeftEntry(clearFieldProblems);
});
window.addEventListener('hashchange', () => forgetLeftEntry(clearFieldProblems));
guardLeaving();
checkBeforeSave();
watchFormRefusals();
enterPicksTheMatch();
focusNewItems();
joinPastedLines();
keepTypedText();
forgiveWhatIsCertain();
offerPlaces();
const react = lentReact();
if (react) {
  cmsApi()?.registerFieldType('eccron-moment', momentField(react.create, react.createClass));
  cmsApi()?.registerFieldType('eccron-doi', doiField(react.create, react.createClass, whereListed));
}
const events = devEvents();
if (events) followDevBuilds(events);
else if (mode() !== 'local')
  void cmsConfiguration().then((config) => {
    if (config.backend?.repo) linkPullRequests(config.backend.repo);
  });
else panel();
