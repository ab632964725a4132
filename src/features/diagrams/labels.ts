/**
 * Labels beside the circles of a scatter plot (the application quadrant) that never overlap one
 * another, a circle or the plot's edge: each label takes the first free place around its circle
 * (right, left, above, below), the largest circles first; a label with no free place is left out
 * (its circle's tooltip still names it).
 */

/** A rectangle of the picture, in its units (y grows downwards). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Circle {
  cx: number;
  cy: number;
  r: number;
  /** The label's text, already clipped to its longest form. */
  text: string;
}

/** A placed label: its box, and where its text starts (x) and its baseline (y), anchored at the start. */
export interface Placed {
  box: Box;
  x: number;
  y: number;
}

/** What the pictures' 11 px labels (`.detail`) take: a character's width at most, and a line's height. */
export const LABEL_CHAR_WIDTH = 6.6;
export const LABEL_LINE = 13;
/** The gap between a circle and its label. */
const GAP = 3;

export const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const inside = (box: Box, bounds: Box): boolean =>
  box.x >= bounds.x &&
  box.y >= bounds.y &&
  box.x + box.width <= bounds.x + bounds.width &&
  box.y + box.height <= bounds.y + bounds.height;

const circleBox = ({ cx, cy, r }: Circle): Box => ({ x: cx - r, y: cy - r, width: 2 * r, height: 2 * r });

/**
 * The label of each circle (in the order given), or undefined where no free place is left within
 * `bounds` and clear of `obstacles` (the picture's other text).
 */
export function placeLabels(
  circles: readonly Circle[],
  bounds: Box,
  obstacles: readonly Box[] = [],
): (Placed | undefined)[] {
  const bodies = circles.map(circleBox);
  const taken: Box[] = [...obstacles];
  const placed: (Placed | undefined)[] = circles.map(() => undefined);
  const order = circles.map((_, index) => index).sort((a, b) => circles[b]!.r - circles[a]!.r || a - b);
  for (const index of order) {
    const { cx, cy, r, text } = circles[index]!;
    const width = text.length * LABEL_CHAR_WIDTH;
    const height = LABEL_LINE;
    const candidates: Box[] = [
      { x: cx + r + GAP, y: cy - height / 2, width, height },
      { x: cx - r - GAP - width, y: cy - height / 2, width, height },
      { x: cx - width / 2, y: cy - r - GAP - height, width, height },
      { x: cx - width / 2, y: cy + r + GAP, width, height },
    ];
    const box = candidates.find(
      (candidate) =>
        inside(candidate, bounds) &&
        !taken.some((other) => overlaps(candidate, other)) &&
        !bodies.some((body, other) => other !== index && overlaps(candidate, body)),
    );
    if (!box) continue;
    taken.push(box);
    // The baseline sits a quarter of a line above the box's bottom: the descenders stay inside.
    placed[index] = { box, x: box.x, y: box.y + height - 3 };
  }
  return placed;
}
