/** The site's own styles on /admin/: its panel beside the form, its question, a field's problem. */
import { mode } from './page.ts';

const PANEL_WIDTH = '21rem';
/** Hidden, the panel keeps a narrow column of its own (its title, its mark and Show): it covers nothing of the CMS. */
const HIDDEN_WIDTH = '6.5rem';

const rules = () => [
  '.eccron-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}',
  // The panel beside the form, never over the CMS: the CMS's page keeps the rest of the width. The CMS draws its
  // screens in boxes placed against the window's edges (its shell, absolute and as wide as its content; the entry
  // editor, fixed): each is held between the window's left edge and the panel's.
  ...[PANEL_WIDTH, HIDDEN_WIDTH].map(
    (width, hidden) =>
      `html.eccron-panel${hidden ? '.eccron-panel-hidden' : ':not(.eccron-panel-hidden)'} :is(#nc-root>div,#nc-root .content-editor){left:0!important;right:${width}!important;width:auto!important}`,
  ),
  `#eccron-build{position:fixed;z-index:1;inset:0 0 0 auto;width:${PANEL_WIDTH};height:100vh;box-sizing:border-box;margin:0;overflow:auto;padding:.75rem 1rem;background:#fff;color:#1a1a1a;border:0;border-left:2px solid #1f4e79;font:14px/1.45 system-ui,sans-serif}`,
  `#eccron-build.eccron-build-hidden{width:${HIDDEN_WIDTH};padding:.75rem .5rem}`,
  '#eccron-build.eccron-build-hidden .eccron-build-header{flex-direction:column;align-items:flex-start;gap:.5rem}',
  '#eccron-build h2{margin:0;font-size:1rem}',
  '.eccron-build-header{display:flex;gap:1rem;align-items:center;justify-content:space-between}',
  '#eccron-build p{margin:.4rem 0}',
  '#eccron-build ul{margin:.25rem 0;padding-left:1.25rem}',
  '#eccron-build li{margin:.25rem 0}',
  '#eccron-build a{color:#0b57a6}',
  '#eccron-build small{color:#4a4a4a;overflow-wrap:anywhere}',
  '#eccron-build-status[data-verdict="refused"],#eccron-check-status:is([data-check="refused"],[data-check="form"]){color:#8b1a1a;font-weight:600}',
  '#eccron-build-status[data-verdict="passed"],#eccron-check-status[data-check="passed"]{color:#1b5e20;font-weight:600}',
  '#eccron-check-status:empty{display:none}',
  // Two editors, one file (save-merge.ts): the save not written, and both versions of each item, side by side in turn.
  '#eccron-check-status:is([data-check="conflict"],[data-check="moved"]){color:#8b1a1a;font-weight:600}',
  '.eccron-clash{margin:.5rem 0;padding:.5rem .6rem;border:1px solid #b3261e;border-radius:4px}',
  '.eccron-clash h3{margin:0 0 .35rem;font-size:.95rem}.eccron-clash h4{margin:.4rem 0 .2rem;font-size:.85rem}',
  '.eccron-clash pre{margin:0 0 .3rem;padding:.35rem .5rem;background:#f4f4f4;white-space:pre-wrap;overflow-wrap:anywhere;font:13px/1.4 ui-monospace,monospace}',
  '.eccron-clash button[aria-pressed="true"]{font-weight:600;outline:2px solid #1f4e79}',
  // One current verdict: while a refused save is the last word on the entry, the build's older verdict is not shown
  // beside it; once the build (here or on the live site) refused what the check let through, the check's ✓ goes.
  '#eccron-build-body:has(#eccron-check-status:is([data-check="refused"],[data-check="form"])) :is(#eccron-build-status,#eccron-build-status+div){display:none}',
  '#eccron-build-body:has(#eccron-build-status[data-verdict="refused"],#eccron-deploy-status[data-state="refused"]) :is(#eccron-check-status[data-check="passed"],#eccron-check-status[data-check="passed"]+#eccron-check-details){display:none}',
  // One voice: a refusal of the CMS's own form (a required field, a pattern) is shown as the site's check shows its own.
  '.eccron-field-problem,[data-entry-draft-root] section [role="alert"]:not(:empty){margin:.25rem 0;padding:.35rem .6rem;border-left:4px solid #b3261e;background:#fdecea;color:#5c0f0b;font:600 14px/1.4 system-ui,sans-serif}',
  '[data-entry-draft-root] section [role="alert"]:not(:empty)::before{content:"✗ "}',
  // Its ✗ beside the words, as in the check's own (the CMS puts them in a row of their own, after its icon, which goes).
  '[data-entry-draft-root] section [role="alert"]:not(:empty){display:flex;align-items:baseline;gap:.25em}',
  '[data-entry-draft-root] section [role="alert"] .icon{display:none}',
  '.eccron-field-problem button{font:inherit;font-weight:400;margin-left:.5rem;padding:.15rem .5rem;cursor:pointer}',
  '.eccron-field-note{margin:.25rem 0;padding:.3rem .6rem;border-left:4px solid #1f4e79;background:#e8f0f8;color:#14324d;font:14px/1.4 system-ui,sans-serif}',
  '.eccron-moment{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:flex-end}',
  '.eccron-moment-part{display:flex;flex-direction:column;gap:.2rem;font-size:.9rem}',
  // The site's own boxes drawn as boxes (the CMS's styles take every border off an input): an edge of 4.5:1 on white.
  '.eccron-moment input,.eccron-doi input{font:inherit;font-size:1rem;width:9rem;padding:.45rem .6rem;border:1px solid #767676;border-radius:4px;background:Field;color:FieldText}',
  '.eccron-doi{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}',
  '.eccron-doi input{flex:1 1 16rem;min-width:0;width:auto}',
  '.eccron-doi button{font:inherit;font-size:1rem;padding:.45rem .8rem;border:1px solid #767676;border-radius:4px;cursor:pointer}',
  '.eccron-doi-said{flex-basis:100%;margin:.25rem 0 0}',
  '.eccron-moment-clocks{flex-basis:100%;margin:.25rem 0 0;padding:.5rem .75rem;border:1px solid #b3261e;border-radius:4px}',
  '.eccron-moment-clocks p,.eccron-moment-clocks legend{margin:0 0 .4rem;font-weight:600}',
  '.eccron-moment-clocks button{font:inherit;margin-right:.5rem;padding:.3rem .7rem;cursor:pointer}',
  '.eccron-moment-clocks label{display:block;margin:.2rem 0}',
  '#eccron-leave,#eccron-remove{max-width:28rem;padding:1.25rem;border:2px solid #1f4e79;border-radius:.5rem;font:15px/1.5 system-ui,sans-serif}',
  '#eccron-leave h2,#eccron-remove h2{margin:0 0 .5rem;font-size:1.15rem}',
  '#eccron-build button,#eccron-leave button,#eccron-remove button{font:inherit;padding:.3rem .7rem;cursor:pointer}',
  // Less motion where the person asks for it: the CMS's controls fade every change of their look over 200 ms, and
  // its dialogs over 400 ms, whatever the system's setting. A transition's delay is kept (the CMS holds a box's
  // autofill colours back with one).
  '@media (prefers-reduced-motion:reduce){*,::before,::after{transition-duration:0s!important}}',
  // Local mode: only "Work with Local Repository" works; the sign-ins save to GitHub, not to this folder.
  ...(mode() === 'local' ? ['#nc-root .buttons>.button.secondary{display:none}'] : []),
];

export function addStyles() {
  const style = document.createElement('style');
  style.textContent = rules().join('\n');
  document.head.append(style);
}
