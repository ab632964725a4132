import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';

/** The `format` parameter of routes that also answer with a picture. */
export const PictureFormat = Type.Optional(
  Type.Enum(['json', 'svg'], {
    description: 'svg: the picture (as with Accept: image/svg+xml); json (default): the data.',
  }),
);

export const SVG_TYPE = 'image/svg+xml; charset=utf-8';

/**
 * Headers of every SVG answer. A picture opened on its own URL is a document of this origin: it
 * may run no script, load nothing and be read as nothing but SVG (its styles are inline).
 */
export const PICTURE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
} as const;

/**
 * Gives an answer its picture headers when it is an SVG, whichever route sent it: the app runs it
 * on every answer (onSend), so a new picture route cannot leave them out.
 */
export function securePicture(reply: FastifyReply): void {
  const type = reply.getHeader('content-type');
  if (typeof type === 'string' && /^image\/svg\+xml\b/i.test(type)) reply.headers(PICTURE_HEADERS);
}

/** Whether the caller asked for the picture: format=svg, or an Accept header that prefers SVG to JSON. */
export function wantsSvg(format: string | undefined, accept: string | undefined): boolean {
  if (format) return format === 'svg';
  if (!accept) return false;
  const quality = (type: string) => {
    const entry = accept
      .split(',')
      .map((part) => part.trim().split(';'))
      .find(([media]) => media?.trim().toLowerCase() === type);
    if (!entry) return 0;
    const q = entry
      .slice(1)
      .map((parameter) => parameter.trim())
      .find((parameter) => parameter.startsWith('q='));
    return q ? Number(q.slice(2)) || 0 : 1;
  };
  return quality('image/svg+xml') > Math.max(quality('application/json'), 0);
}
