import assert from 'node:assert/strict';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Page } from 'playwright-core';
import type { Harness } from './harness.js';

/**
 * The picture as a browser would load it: a standalone, well-formed SVG document with a viewBox and
 * a title, nothing loaded from elsewhere, and links to the console pages of the resources.
 */
export async function picture(
  h: Harness,
  key: string,
  url: string,
  query: Record<string, string> = {},
  accept?: string,
) {
  const response = await h.call('GET', url, { key, query, ...(accept ? { headers: { accept } } : {}) });
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-type']), /^image\/svg\+xml/);
  const svg = response.body;
  assert.equal(XMLValidator.validate(svg), true, 'the SVG is well-formed XML');
  const document = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(svg) as {
    svg: Record<string, unknown>;
  };
  assert.ok(document.svg, 'the root element is <svg>');
  assert.equal(document.svg.xmlns, 'http://www.w3.org/2000/svg');
  assert.match(String(document.svg.viewBox), /^0 0 \d+ \d+$/);
  assert.ok(document.svg.title, 'the SVG has a <title>');
  assert.doesNotMatch(svg, /(href|src)="(https?:)?\/\//, 'nothing is loaded from elsewhere');
  assert.doesNotMatch(svg, /<script/i);
  return svg;
}

/** The SVG loads in Chromium as an image of its viewBox size, and as a document without a parse error, with links. */
export async function rendersInBrowser(page: Page, svg: string, name: string): Promise<void> {
  const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!;
  const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  // Runs in the page: written as a string, as the tests are not compiled with the DOM's types.
  const size = await page.evaluate(
    `(async () => {
      const image = new Image();
      image.src = ${JSON.stringify(source)};
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    })()`,
  );
  assert.deepEqual(size, [Number(width), Number(height)], `${name} loads as an image`);
  await page.goto(source);
  const root = (await page.evaluate(
    `[
      document.documentElement.localName,
      document.getElementsByTagName('parsererror').length,
      document.querySelectorAll('a').length,
    ]`,
  )) as [string, number, number];
  assert.equal(root[0], 'svg', `${name} is an SVG document`);
  assert.equal(root[1], 0, `${name} parses without error`);
  assert.ok(Number(root[2]) > 0, `${name} has links to the console`);
}
