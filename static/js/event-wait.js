/* Club nights: a table whose round is over waits for the other tables. Until they finish, the
   page asks again every [data-reload] seconds while it is shown and online: then it says where
   everyone goes next (those tables' hands never change this table's match, so its poll stays
   quiet). */
(function () {
  'use strict';
  var el = document.querySelector('[data-reload]');
  if (!el) { return; }
  var every = Math.max(5, parseInt(el.getAttribute('data-reload'), 10) || 15) * 1000;
  setInterval(function () {
    if (document.visibilityState === 'visible' && navigator.onLine) { location.reload(); }
  }, every);
}());
