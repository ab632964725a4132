/** Clamps an integer into [min, max]: out-of-range paging values are corrected, never rejected (spec §8). */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(value)));
}
