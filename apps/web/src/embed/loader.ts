/*
 * The tip widget's loader, served as /embed.js (decision 094): plain script, no framework, no imports,
 * minified by the web build (vite.config.ts embedLoader). A maker's page holds a normal link,
 * `<a data-podpot-tip="{slug}" href="https://…/{slug}">…</a>`, that works without script; this turns it
 * into a tip button and, on a click, shows the tip jar's embed page (`/{slug}/embed`, `/nl/{slug}/embed`)
 * in an overlay. It changes only how the link is painted (colours, a box-shadow as padding), never its
 * box: no layout shift. It sets styles through the CSSOM (no <style> element, no style attribute in the
 * HTML), so a host CSP without 'unsafe-inline' allows it; the host adds our origin to script-src and
 * frame-src. Everything else (the form, React) loads on the click, inside the frame.
 */
(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const scope = window as unknown as { podpotTipWidget?: boolean };
  if (!script || scope.podpotTipWidget) return;
  scope.podpotTipWidget = true;
  const origin = new URL(script.src).origin;
  const nl = /^nl\b/i.test(document.documentElement.lang || navigator.language || '');
  const text = nl ? { close: 'Sluiten', title: 'Fooi geven' } : { close: 'Close', title: 'Give a tip' };
  const SLUG = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/;
  let close: (() => void) | null = null;

  const style = (element: HTMLElement, css: Record<string, string>) => {
    for (const name in css) element.style.setProperty(name, css[name]!);
  };

  function show(link: HTMLAnchorElement, slug: string) {
    const overlay = document.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', text.title);
    style(overlay, {
      position: 'fixed',
      inset: '0',
      'z-index': '2147483647',
      background: 'rgba(0,0,0,.6)',
      display: 'flex',
      'align-items': 'center',
      'justify-content': 'center',
    });
    const frame = document.createElement('iframe');
    frame.src = `${origin}${nl ? '/nl' : ''}/${slug}/embed`;
    frame.title = text.title;
    style(frame, {
      width: '100%',
      height: '100%',
      'max-width': '480px',
      'max-height': '760px',
      border: '0',
      'border-radius': '12px',
      background: '#fff',
    });
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = '×';
    button.setAttribute('aria-label', text.close);
    style(button, {
      position: 'absolute',
      top: '8px',
      right: '8px',
      width: '44px',
      height: '44px',
      border: '0',
      'border-radius': '50%',
      background: '#fff',
      color: '#1b1b1b',
      font: '28px/44px system-ui,sans-serif',
      cursor: 'pointer',
      'box-shadow': '0 1px 4px rgba(0,0,0,.4)',
    });
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close?.();
    // The frame asks to close (its own close button, Escape inside it): only our origin, only this frame.
    const onMessage = (event: MessageEvent) => {
      if (event.origin === origin && event.source === frame.contentWindow && event.data?.podpot === 'close') close?.();
    };
    close = () => {
      overlay.remove();
      removeEventListener('keydown', onKey);
      removeEventListener('message', onMessage);
      close = null;
      link.focus();
    };
    button.onclick = () => close?.();
    overlay.onclick = (event) => event.target === overlay && close?.();
    addEventListener('keydown', onKey);
    addEventListener('message', onMessage);
    overlay.append(frame, button);
    document.body.append(overlay);
    frame.focus();
  }

  function enhance(link: HTMLAnchorElement) {
    const slug = (link.dataset.podpotTip ?? '').toLowerCase();
    if (!SLUG.test(slug) || link.dataset.podpotReady) return;
    link.dataset.podpotReady = '1';
    link.setAttribute('aria-haspopup', 'dialog');
    // Paint only: the spread shadow draws the button's padding outside the link's box, which keeps its size
    // (no padding, border, font weight or display change: the e2e test compares the box before and after).
    style(link, {
      background: '#f28a3d',
      color: '#1b1b1b',
      'box-shadow': '0 0 0 .45em #f28a3d',
      'border-radius': '.3em',
      'text-decoration': 'none',
      cursor: 'pointer',
    });
    link.addEventListener('click', (event) => {
      // A new tab or window (Ctrl, Cmd, Shift, the middle button) stays the plain link.
      if (event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (!close) show(link, slug);
    });
  }

  const start = () => {
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-podpot-tip]')) enhance(link);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
