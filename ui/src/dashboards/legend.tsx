/** The charts' colours in order (ECharts' default palette), so that a legend's swatches match. */
export const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4'];

/**
 * A chart's legend as text of the page: every name whole (wrapping when it must) with its figure,
 * beside a swatch of its colour, where labels drawn around a chart would be cut.
 */
export function ChartLegend({ items }: { items: { label: string; value: string }[] }) {
  return (
    <ul className="chart-legend">
      {items.map((item, index) => (
        <li key={item.label}>
          <span className="swatch" style={{ background: PALETTE[index % PALETTE.length] }} aria-hidden="true" />
          <span className="legend-label">{item.label}</span> <span className="legend-value">{item.value}</span>
        </li>
      ))}
    </ul>
  );
}
