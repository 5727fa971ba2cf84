// An SVG logo as the pages, mails and PDFs may show it (docs/decisions/0055): a strict allow-list of shape, text and
// gradient elements and their presentation attributes, rebuilt from the parsed pieces (never passed through). Scripts,
// foreignObject, images, styles sheets, animation and anything unknown are dropped with their content; event handlers,
// unknown attributes, links other than to the file's own #ids and url() other than url(#id) are dropped. DOCTYPE,
// entities, CDATA and processing instructions are refused (entity expansion and external entities). Markup that is
// not well-formed is refused: a browser might read it differently from this parser.
const ELEMENTS = new Set([
  'svg', 'g', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'defs', 'symbol', 'use',
  'lineargradient', 'radialgradient', 'stop', 'clippath', 'mask', 'title', 'desc',
]);
const ATTRIBUTES = new Set([
  'id', 'class', 'viewbox', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'd', 'points',
  'transform', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'clip-path', 'clip-rule', 'mask', 'offset', 'stop-color',
  'stop-opacity', 'gradientunits', 'gradienttransform', 'spreadmethod', 'preserveaspectratio', 'font-family', 'font-size',
  'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'letter-spacing', 'dx', 'dy', 'style', 'version', 'xmlns',
  'xmlns:xlink', 'href', 'xlink:href', 'role', 'aria-label', 'aria-hidden', 'clippathunits', 'maskunits', 'xml:space', 'display', 'visibility',
]);
const NAMESPACES: Record<string, string> = { xmlns: 'http://www.w3.org/2000/svg', 'xmlns:xlink': 'http://www.w3.org/1999/xlink' };
const TAG = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[^\s=/>"']+(?:\s*=\s*(?:"[^"<]*"|'[^'<]*'))?)*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g;
const ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/;
const MAX_DEPTH = 50;

export class UnsafeSvgError extends Error {}

/** url(...) only to the file's own #ids; no expressions, imports or escapes that could hide one. */
function safeValue(value: string): boolean {
  if (/[\\]|expression|@import|javascript:|data:/i.test(value)) return false;
  return [...value.matchAll(/url\s*\(([^)]*)\)/gi)].every((m) => /^\s*['"]?#[\w.-]+['"]?\s*$/.test(m[1] ?? ''));
}

const escapeAttribute = (value: string) => value.replace(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function cleanAttributes(element: string, source: string): string {
  let out = '';
  for (const m of source.matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase();
    const value = m[2] ?? m[3] ?? '';
    if (!ATTRIBUTES.has(name) || /^on/.test(name)) continue;
    if (name in NAMESPACES) {
      out += ` ${name}="${NAMESPACES[name]}"`;
      continue;
    }
    if ((name === 'href' || name === 'xlink:href') && (element !== 'use' || !/^#[\w.-]+$/.test(value.trim()))) continue;
    if (!safeValue(value)) continue;
    out += ` ${m[1]}="${escapeAttribute(value)}"`;
  }
  return out;
}

/** The sanitised SVG, or UnsafeSvgError when it is not an SVG this allow-list can read. */
export function sanitiseSvg(input: string): string {
  let text = input.replace(/^\uFEFF/, '').replace(/^\s*<\?xml[^?]*\?>/, '').replace(/<!--[\s\S]*?-->/g, '');
  if (/<!|<\?/.test(text)) throw new UnsafeSvgError('DOCTYPE, entities, CDATA and processing instructions are not accepted');
  text = text.trim();
  const stack: string[] = [];
  /** Depth inside a dropped element: its content goes with it. */
  let dropping = 0;
  let out = '';
  let pos = 0;
  let sawRoot = false;
  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    const chunk = text.slice(pos, lt === -1 ? text.length : lt);
    if (chunk.trim() !== '') {
      if (stack.length === 0) throw new UnsafeSvgError('Text outside the svg element');
      if (ENTITY.test(chunk) || chunk.includes('>')) throw new UnsafeSvgError('Unknown entity or stray markup in text');
      if (dropping === 0) out += chunk;
    } else if (dropping === 0 && stack.length > 0) out += chunk;
    if (lt === -1) break;
    TAG.lastIndex = lt;
    const tag = TAG.exec(text);
    if (!tag) throw new UnsafeSvgError('Markup this reader cannot parse');
    pos = TAG.lastIndex;
    const [, closing, rawName, attributes = '', selfClosing] = tag;
    const name = rawName!.toLowerCase();
    if (closing) {
      if (stack.pop() !== name) throw new UnsafeSvgError('Elements do not nest');
      if (dropping > 0) dropping -= 1;
      else out += `</${rawName}>`;
      continue;
    }
    if (stack.length === 0) {
      if (sawRoot || name !== 'svg') throw new UnsafeSvgError('Not an SVG document');
      sawRoot = true;
    }
    if (stack.length >= MAX_DEPTH) throw new UnsafeSvgError('Nested too deeply');
    const keep = dropping === 0 && ELEMENTS.has(name);
    let cleaned = keep ? cleanAttributes(name, attributes) : '';
    // Shown through <img> and data URLs, an SVG without its namespace is not drawn at all.
    if (keep && stack.length === 0 && !/ xmlns="/.test(cleaned)) cleaned = ` xmlns="${NAMESPACES.xmlns}"${cleaned}`;
    if (keep) out += `<${rawName}${cleaned}${selfClosing ? '/' : ''}>`;
    if (!selfClosing) {
      stack.push(name);
      if (!keep) dropping += 1;
    }
  }
  if (!sawRoot || stack.length > 0) throw new UnsafeSvgError('Not a complete SVG document');
  return out;
}
