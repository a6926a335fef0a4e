/*! Venue front page booking widget, /embed.js (docs/embed.md). Own code, no dependency, no cookie; styles through CSSOM only. */
(function (d, w) {
  var T = {
    it: ['Apri la pagina delle prenotazioni', 'Prenota un tavolo', 'Chiudi', 'Prenotazione'],
    en: ['Open the booking page', 'Book a table', 'Close', 'Booking'],
    fr: ['Ouvrir la page de réservation', 'Réserver une table', 'Fermer', 'Réservation'],
    es: ['Abrir la página de reservas', 'Reservar mesa', 'Cerrar', 'Reserva'],
    de: ['Buchungsseite öffnen', 'Tisch reservieren', 'Schließen', 'Reservierung'],
  };
  function mk(tag, css) {
    var e = d.createElement(tag);
    for (var k in css) e.style[k] = css[k];
    return e;
  }
  function widget(s) {
    s.setAttribute('data-frontpage-done', '');
    var a = s.dataset, origin = new URL(s.src, location.href).origin, lang = T[a.lang] ? a.lang : 'it', t = T[lang];
    var what = a.frontpage || 'reserve', q = new URLSearchParams(), path = '/reserve';
    if (what === 'experiences') path = '/frontpage/esperienze' + (a.experience ? '/' + encodeURIComponent(a.experience) : '');
    else if (what === 'giftcard') path = '/frontpage/giftcards';
    else if (what === 'promo') path = '/promo/' + encodeURIComponent(a.promo || '');
    else {
      if (a.pax) q.set('pax', a.pax);
      if (a.date) q.set('date', a.date);
      if (a.experience) q.set('experience', a.experience);
    }
    for (var k in a) if (/^utm[A-Z]/.test(k)) q.set('utm_' + k.slice(3).toLowerCase(), a[k]);
    var url = origin + (lang === 'it' ? '' : '/' + lang) + path + (q.toString() ? '?' + q : '');
    var box = mk('div', { width: '100%' }), frame, timer, ready;
    s.parentNode.insertBefore(box, s.nextSibling);
    function link(into) {
      var l = d.createElement('a');
      l.href = url;
      l.textContent = t[0];
      into.textContent = '';
      into.appendChild(l);
    }
    function load(into) {
      frame = mk('iframe', { width: '100%', height: '30rem', border: '0', display: 'block', colorScheme: 'normal' });
      frame.src = url;
      frame.title = t[3];
      frame.name = 'frontpage-embed|' + location.origin + '|' + (a.transparent != null ? 't' : '');
      frame.setAttribute('allow', 'payment');
      into.appendChild(frame);
      // A frame that never says it is ready (not allowed here, or the site is down) becomes a link.
      timer = setTimeout(function () {
        if (!ready) link(into);
      }, +a.timeout || 10000);
    }
    w.addEventListener('message', function (e) {
      var m = e.data;
      if (!frame || e.origin !== origin || e.source !== frame.contentWindow || !m || m.frontpage !== 1 || typeof m.type !== 'string') return;
      if (m.type === 'ready') {
        ready = 1;
        clearTimeout(timer);
      }
      if (m.type === 'resize' && m.height > 0) frame.style.height = Math.ceil(m.height) + 'px';
      var detail = {};
      for (var k in m) if (k !== 'frontpage' && k !== 'type') detail[k] = m[k];
      s.dispatchEvent(new CustomEvent('frontpage:' + m.type, { bubbles: true, detail: detail }));
    });
    if (a.mode !== 'button') return load(box);
    // A button the guest presses: the booking opens in a native dialog, never uninvited.
    var b = d.createElement('button'), dlg = mk('dialog', { width: 'min(40rem, calc(100vw - 2rem))', maxHeight: 'calc(100vh - 2rem)', padding: '0', border: '0', overflow: 'auto' }), c = d.createElement('button');
    b.type = c.type = 'button';
    b.textContent = a.label || t[1];
    c.textContent = t[2];
    b.onclick = function () {
      if (!frame) load(dlg);
      dlg.showModal();
    };
    c.onclick = function () {
      dlg.close();
    };
    dlg.appendChild(c);
    box.appendChild(b);
    box.appendChild(dlg);
  }
  var cur = d.currentScript;
  if (cur && cur.dataset.frontpage != null) widget(cur);
  else [].forEach.call(d.querySelectorAll('script[data-frontpage]:not([data-frontpage-done])'), widget);
})(document, window);
