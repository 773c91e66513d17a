/**
 * The archive's search page script (decision 052), written once at the archive's root. It loads
 * Pagefind UI from the archive's `pagefind/` bundle only when the search page opens, mounts it
 * in the page's language (Pagefind picks the index by `<html lang>`), and runs the search the
 * page was opened with: `?q=` (the hub's search links and bookmarks) and `?when=past|upcoming`.
 * Plain JavaScript so that no build step stands between the export and the file.
 */
export const searchScript = `(() => {
  const mount = document.getElementById('archive-search');
  if (!mount) return;
  const root = new URL(mount.dataset.root || './', location.href);
  const bundle = new URL('pagefind/', root);
  const when = JSON.parse(mount.dataset.when || '{}');
  const styles = document.createElement('link');
  styles.rel = 'stylesheet';
  styles.href = new URL('pagefind-ui.css', bundle).href;
  document.head.append(styles);
  const script = document.createElement('script');
  script.src = new URL('pagefind-ui.js', bundle).href;
  script.onload = () => {
    const ui = new window.PagefindUI({
      element: '#archive-search',
      bundlePath: bundle.pathname,
      baseUrl: root.pathname,
      showSubResults: false,
      showImages: false,
      resetStyles: false,
      autofocus: true,
    });
    const params = new URLSearchParams(location.search);
    const phase = params.get('when');
    if (when.name && (phase === 'past' || phase === 'upcoming')) ui.triggerFilters({ [when.name]: [when[phase]] });
    const query = params.get('q');
    if (query) ui.triggerSearch(query);
  };
  document.head.append(script);
})();
`;
