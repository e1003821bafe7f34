/**
 * The appeal form's island on the /appeals page (decision 0005): the built page gets the island
 * loaded once the page has loaded and painted, and its element the address of the shared schema
 * the form loads on its first focus. Written once, used by the build (scripts/add-island-script.ts)
 * and by a publish that re-renders /appeals (server/site-content/site-publisher.ts), which takes
 * the assets' addresses from the built page it replaces.
 */
export type IslandAssets = { island: string; schema: string };

const element = 'id="appeal-form-island"';

/** After the load event and the next frame: the page has painted before the script is asked for. */
const islandTag = (island: string) =>
  `<script type="module">addEventListener("load",()=>requestAnimationFrame(()=>setTimeout(()=>import("${island}"))))</script>`;

export function hasIslandElement(html: string): boolean {
  return html.includes(element);
}

export function withAppealIsland(html: string, assets: IslandAssets): string {
  return html
    .replace(element, `${element} data-schema-src="${assets.schema}"`)
    .replace("</body>", `${islandTag(assets.island)}</body>`);
}

/** The island's assets as a built page carries them; undefined: a page without the island. */
export function appealIslandOf(html: string): IslandAssets | undefined {
  const schema = new RegExp(`${element} data-schema-src="([^"]+)"`).exec(html)?.[1];
  const island = /setTimeout\(\(\)=>import\("([^"]+)"\)\)/.exec(html)?.[1];
  return schema && island ? { island, schema } : undefined;
}
