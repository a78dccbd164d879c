/** Where the dev server sends build news to open pages (server-sent events). */
export const EVENTS_PATH = '/__clinic-gen/events';

/**
 * Adds the dev client to an HTML page just before `</body>`. Only `clinic-gen dev` serves pages
 * through here; built sites never carry it. `build` is the build the page comes from, so a page
 * that loaded just before a rebuild learns on connecting that it is stale.
 */
export function injectClient(html: string, build: string): string {
  // A generated page's CSP meta allows no inline script or style, which this client is; dev is a
  // local preview, so its pages go without that policy (built files keep it).
  html = html.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*"\/?>/, '');
  const at = html.lastIndexOf('</body>');
  const script = `<script>${CLIENT.replace('__BUILD__', () => JSON.stringify(build))}</script>`;
  return at < 0 ? html + script : html.slice(0, at) + script + html.slice(at);
}

/**
 * The browser side, kept as plain ES2020 text so no bundler touches it. It reloads on `reload`,
 * shows the config's errors in an overlay on `build-error` and removes it on `build-ok`.
 * The overlay lives in a shadow root so the site's CSS cannot restyle it (nor it the site), and is
 * an alert dialog: announced, focused, closable with its button or Escape, focus given back.
 */
const CLIENT = `(() => {
  const build = __BUILD__;
  const es = new EventSource(${JSON.stringify(EVENTS_PATH)} + '?path=' + encodeURIComponent(location.pathname) + '&build=' + encodeURIComponent(build));
  let host = null;
  let before = null;
  es.addEventListener('reload', () => { es.close(); location.reload(); });
  es.addEventListener('build-ok', () => hide());
  es.addEventListener('build-error', (e) => show(JSON.parse(e.data).errors));
  function hide() {
    if (!host) return;
    host.remove();
    host = null;
    if (before && before.focus) before.focus();
  }
  function show(errors) {
    hide();
    before = document.activeElement;
    host = document.createElement('div');
    host.setAttribute('data-clinic-gen-overlay', '');
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<style>' +
      ':host{all:initial}.backdrop{position:fixed;inset:0;z-index:2147483647;background:rgba(15,23,42,.72);display:flex;align-items:flex-start;justify-content:center;padding:5vh 1rem;font:16px/1.5 system-ui,sans-serif}' +
      '.panel{background:#fff;color:#0f172a;max-width:52rem;width:100%;max-height:85vh;overflow:auto;border-radius:.75rem;border-top:6px solid #b91c1c;padding:1.25rem 1.5rem;box-shadow:0 20px 50px rgba(0,0,0,.4)}' +
      'h2{margin:0 0 .5rem;font-size:1.25rem;color:#991b1b}p{margin:0 0 1rem}ul{margin:0 0 1rem;padding:0;list-style:none}' +
      'li{font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;background:#fef2f2;border:1px solid #fecaca;border-radius:.375rem;padding:.5rem .75rem;margin:.25rem 0;white-space:pre-wrap;word-break:break-word}' +
      'button{font:inherit;padding:.5rem 1rem;min-height:44px;border-radius:.375rem;border:1px solid #0f172a;background:#0f172a;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}' +
      '</style><div class="backdrop"><div class="panel" role="alertdialog" aria-modal="true" aria-labelledby="t" aria-describedby="d" tabindex="-1">' +
      '<h2 id="t">The clinic config has errors</h2><p id="d">This page is the last good build. Fix the lines below and save; this message goes away on the next good build.</p>' +
      '<ul></ul><button type="button">Dismiss</button></div></div>';
    const list = root.querySelector('ul');
    for (const line of errors) {
      const li = document.createElement('li');
      li.textContent = line;
      list.appendChild(li);
    }
    root.querySelector('button').addEventListener('click', hide);
    root.addEventListener('keydown', (e) => { if (e.key === 'Escape') hide(); });
    document.body.appendChild(host);
    root.querySelector('[role=alertdialog]').focus();
  }
})();`;
