/**
 * A small writer of standalone SVG documents: escaped text, a few shapes, links to the console and
 * a legend. Every picture Estate draws goes through it, so every one is valid on its own: an
 * <svg> root with a viewBox, a <title>, its style inline and nothing loaded from elsewhere.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or an attribute value made safe for XML (control characters other than tab and newline dropped). */
export function escapeXml(value: string | number): string {
  // eslint-disable-next-line no-control-regex
  return String(value)
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

const FAMILY_PATHS: Record<string, string> = {
  application: 'applications',
  server: 'servers',
  network: 'networks',
  router: 'routers',
  workstation: 'workstations',
  data_object: 'data',
  flow: 'flows',
  category: 'categories',
  team: 'teams',
  contract: 'contracts',
  agent: 'agents',
};

/** The console page of a resource: /ui/<family>/<id>. */
export const consoleHref = (resourceType: string, id: string) =>
  `/ui/${FAMILY_PATHS[resourceType] ?? resourceType}/${encodeURIComponent(id)}`;

/** Text cut to `max` characters with an ellipsis, for labels in fixed-size boxes. */
export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

type Attributes = Record<string, string | number | undefined>;
const attributes = (attrs: Attributes) =>
  Object.entries(attrs)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(value!)}"`)
    .join('');

/** An element; `content` is markup, so text in it must already be escaped (text() and tooltip() do). */
export const element = (name: string, attrs: Attributes, content?: string) =>
  content === undefined ? `<${name}${attributes(attrs)}/>` : `<${name}${attributes(attrs)}>${content}</${name}>`;
/** A tooltip: the <title> of its parent element, escaped. */
export const tooltip = (content: string) => element('title', {}, escapeXml(content));
export const text = (x: number, y: number, content: string, attrs: Attributes = {}) =>
  element('text', { x: round(x), y: round(y), ...attrs }, escapeXml(content));
export const rect = (x: number, y: number, width: number, height: number, attrs: Attributes = {}) =>
  element('rect', { x: round(x), y: round(y), width: round(width), height: round(height), ...attrs });
/**
 * A link around `content`, named by a `<title>` child (the SVG way: screen readers and tooltips
 * both read it). Not aria-label: a clipped visible label must stay part of the accessible name.
 */
export const link = (href: string, content: string, label?: string) =>
  element('a', { href }, `${label ? tooltip(label) : ''}${content}`);
export const round = (value: number) => Math.round(value * 10) / 10;

/** A node: a labelled box linking to the resource's console page. */
export function nodeBox(
  box: { x: number; y: number; width: number; height: number },
  label: string,
  className: string,
  href?: string,
  detail?: string,
): string {
  const shape =
    rect(box.x, box.y, box.width, box.height, { rx: 6, class: `node ${className}` }) +
    text(box.x + box.width / 2, box.y + (detail ? box.height / 2 - 2 : box.height / 2 + 4), clip(label, 26), {
      class: 'label',
      'text-anchor': 'middle',
    }) +
    (detail
      ? text(box.x + box.width / 2, box.y + box.height / 2 + 12, clip(detail, 30), {
          class: 'detail',
          'text-anchor': 'middle',
        })
      : '');
  return href ? link(href, shape, label) : `${tooltip(label)}${shape}`;
}

export interface LegendEntry {
  label: string;
  className: string;
}

/** A legend box of coloured swatches, at (x, y); returns its markup and height. */
export function legend(
  x: number,
  y: number,
  entries: LegendEntry[],
  heading = 'Legend',
): { markup: string; height: number; width: number } {
  const width = 12 + Math.max(heading.length * 7, ...entries.map((entry) => 26 + entry.label.length * 7));
  const height = 26 + entries.length * 20;
  const rows = entries.map(
    (entry, index) =>
      rect(x + 10, y + 26 + index * 20, 14, 14, { rx: 3, class: `node ${entry.className}` }) +
      text(x + 30, y + 37 + index * 20, entry.label, { class: 'legend' }),
  );
  return {
    markup: element(
      'g',
      { class: 'legend-box' },
      rect(x, y, width, height, { rx: 6, class: 'frame' }) +
        text(x + 10, y + 17, heading, { class: 'heading' }) +
        rows.join(''),
    ),
    height,
    width,
  };
}

const STYLE = `
  svg { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  .background { fill: #ffffff; }
  .heading { font-size: 13px; font-weight: 600; fill: #111827; }
  .label { font-size: 12px; fill: #111827; }
  .detail, .legend, .axis { font-size: 11px; fill: #374151; }
  .figure { font-size: 28px; font-weight: 600; fill: #111827; }
  .frame { fill: #ffffff; stroke: #d1d5db; }
  .node { stroke: #374151; stroke-width: 1; }
  .edge { fill: none; stroke: #6b7280; stroke-width: 1.4; }
  .edge-label { font-size: 10px; fill: #4b5563; }
  .grid { stroke: #e5e7eb; }
  .application { fill: #dbeafe; } .network { fill: #dcfce7; } .router { fill: #fef3c7; }
  .server { fill: #e0e7ff; } .workstation { fill: #fce7f3; } .group { fill: #f9fafb; stroke: #9ca3af; }
  .invest { fill: #bbf7d0; } .migrate { fill: #bfdbfe; } .tolerate { fill: #fef08a; } .eliminate { fill: #fecaca; }
  .plan { fill: #e5e7eb; } .phase-in { fill: #bfdbfe; } .active { fill: #bbf7d0; }
  .phase-out { fill: #fde68a; } .end-of-life { fill: #fecaca; }
  .cell { fill: #f3f4f6; stroke: #d1d5db; } .cell.filled { fill: #dbeafe; }
  a:hover .node, a:focus .node { stroke-width: 2.5; }
`;

/** A standalone SVG document of the given size. */
/** A diagram's heading, at its top left. */
export function headingText(words: string): string {
  return text(20, 26, words, { class: 'heading' });
}

export function svgDocument(width: number, height: number, title: string, body: string, description?: string): string {
  const w = Math.ceil(width);
  const h = Math.ceil(height);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img">` +
    tooltip(title) +
    (description ? element('desc', {}, escapeXml(description)) : '') +
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" ' +
    'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#6b7280"/></marker></defs>' +
    `<style>${STYLE}</style>` +
    rect(0, 0, w, h, { class: 'background' }) +
    body +
    '</svg>\n'
  );
}
