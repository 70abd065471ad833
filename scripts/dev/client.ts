/**
 * The script the dev server adds to every page (served as /__dev/client.js,
 * bundled by esbuild when the server starts). It listens to the dev server's
 * event stream:
 *
 *  - reload: the pages changed; load this one again.
 *  - css: only the stylesheet changed; swap the <link> in place, so scroll
 *    position, open menus and form input survive. The new link is added
 *    beside the old one and the old one removed once the new one has
 *    loaded, so the page never shows unstyled.
 *  - error: the build failed; show why over the page until the next good
 *    build, with a close button (and Escape) to look at the page meanwhile.
 *  - verdict: what the build said; publications that hold only their DOI
 *    (shown as pending on their page) are named in a notice at the foot of
 *    the page, with a button that fills them in from their DOIs.
 */

const overlayId = 'dev-build-error';
const events = new EventSource('/__dev/events');
events.addEventListener('reload', () => location.reload());

events.addEventListener('css', (event) => {
  const href: string = JSON.parse(event.data);
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) =>
    new URL(link.href, location.href).pathname.startsWith('/assets/site-'),
  );
  for (const link of links) {
    const next = link.cloneNode() as HTMLLinkElement;
    // The query defeats any cache between here and the file, even if the name did not change.
    next.href = `${href}?v=${Date.now()}`;
    next.addEventListener('load', () => link.remove(), { once: true });
    next.addEventListener('error', () => location.reload(), { once: true });
    link.after(next);
  }
  closeOverlay();
});

function closeOverlay() {
  document.getElementById(overlayId)?.remove();
}

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') closeOverlay();
});

/** The overlay's and the notice's buttons, in the words' size rather than the browser's 13px. */
const buttonStyle = { font: '600 14px/1.2 system-ui, sans-serif', padding: '0.5rem 0.75rem', cursor: 'pointer' };

function createOverlay(): HTMLElement {
  const panel = document.createElement('div');
  panel.id = overlayId;
  panel.setAttribute('role', 'alert');
  Object.assign(panel.style, {
    position: 'fixed',
    inset: '1rem',
    zIndex: '2147483647',
    margin: '0',
    padding: '1.5rem',
    overflow: 'auto',
    background: '#fff',
    color: '#7f1d1d',
    border: '3px solid #b91c1c',
    borderRadius: '0.75rem',
    boxShadow: '0 0.5rem 2rem rgb(0 0 0 / 0.3)',
  });
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close (Esc)';
  close.setAttribute('aria-label', 'Close the build error');
  Object.assign(close.style, { float: 'right', ...buttonStyle });
  close.addEventListener('click', closeOverlay);
  const text = document.createElement('pre');
  Object.assign(text.style, { margin: '0', font: '14px/1.5 ui-monospace, monospace', whiteSpace: 'pre-wrap' });
  panel.append(close, text);
  document.body.append(panel);
  close.focus();
  return panel;
}

events.addEventListener('error', (event) => {
  // The stream's own connection errors are plain Events; build errors are messages.
  if (!(event instanceof MessageEvent)) return;
  const panel = document.getElementById(overlayId) ?? createOverlay();
  panel.querySelector('pre')!.textContent = JSON.parse(event.data);
});

// --- Publications that hold only their DOI: shown as pending, with the fill offered -------------

const noticeId = 'dev-pending';

interface PendingVerdict {
  ok: boolean;
  pending: { where: string; message: string }[];
}

/** A notice at the foot of the page naming each pending publication, and a button that fills them from their DOIs. */
function showPending(pending: PendingVerdict['pending']) {
  document.getElementById(noticeId)?.remove();
  if (pending.length === 0) return;
  const notice = document.createElement('aside');
  notice.id = noticeId;
  notice.setAttribute('aria-label', 'Publications waiting for their details');
  Object.assign(notice.style, {
    position: 'fixed',
    left: '1rem',
    bottom: '1rem',
    zIndex: '2147483646',
    maxWidth: 'min(40rem, calc(100vw - 2rem))',
    padding: '0.75rem 1rem',
    background: '#fffbe6',
    color: '#3d2e00',
    border: '2px solid #8a6d00',
    borderRadius: '0.5rem',
    font: '14px/1.45 system-ui, sans-serif',
  });
  const count = pending.length === 1 ? 'A publication holds' : `${pending.length} publications hold`;
  const text = document.createElement('p');
  text.style.margin = '0 0 0.5rem';
  text.textContent = `${count} only a DOI, shown as pending ("details to be filled in from the DOI"); npm run build refuses ${pending.length === 1 ? 'it' : 'them'} until filled:`;
  const list = document.createElement('ul');
  list.style.margin = '0 0 0.5rem';
  for (const { where } of pending) list.append(Object.assign(document.createElement('li'), { textContent: where }));
  const button = Object.assign(document.createElement('button'), {
    type: 'button',
    textContent: 'Fill in from the DOI',
  });
  Object.assign(button.style, buttonStyle);
  const result = document.createElement('p');
  result.setAttribute('role', 'status');
  result.style.margin = '0.5rem 0 0';
  button.addEventListener('click', () => fill(button, result));
  notice.append(text, list, button, ' (asks doi.org and Crossref, as npm run cite -- fill does)', result);
  document.body.append(notice);
}

async function fill(button: HTMLButtonElement, result: HTMLElement) {
  button.disabled = true;
  result.textContent = 'Filling in from the DOI registries…';
  try {
    const answer = (await (await fetch('/__dev/fill', { method: 'POST' })).json()) as { code: number; lines: string[] };
    // A filled publication changes publications.yml, and the page reloads with the rebuild.
    result.textContent = answer.lines.join('\n') || (answer.code === 0 ? 'Done.' : 'The fill did not finish.');
  } catch (error) {
    result.textContent = `The fill could not run: ${String(error)}`;
  }
  button.disabled = false;
}

events.addEventListener('verdict', (event) => {
  const verdict = JSON.parse((event as MessageEvent).data) as PendingVerdict;
  if (verdict.ok) showPending(verdict.pending);
});
