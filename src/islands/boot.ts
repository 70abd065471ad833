/**
 * The script every page loads: a few bytes that fetch the islands (client.tsx)
 * once the page has shown its first text. The page is complete HTML and needs
 * no script to show, so its first paint no longer shares the network with
 * 20 KB of JavaScript; on a slow connection the text appears sooner, and the
 * islands hydrate a moment later (until then the header's plain links work).
 */
const start = () => void import('./client.tsx');

// Smooth scrolling for in-page links (see site.css), switched on in the task
// after the load event: the browser's own scroll to the address's #fragment,
// which it repeats when the page has loaded, has then happened, instantly.
const smoothScrolling = () => setTimeout(() => document.documentElement.setAttribute('data-smooth-scroll', ''));
if (document.readyState === 'complete') smoothScrolling();
else addEventListener('load', smoothScrolling, { once: true });

const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;

if (painted() || document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  // Already painted; or a background tab, which does not paint until shown;
  // or a browser that cannot tell: nothing to wait for.
  start();
} else {
  // The paint entry arrives once the frame is on screen, which is later than
  // the frame's requestAnimationFrame callback.
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
}
