import { areaPath, linearScale, linePath } from "./scale";

/**
 * A small inline trend for a list row: the period's clicks by day, drawn as a line over a light area. It is an
 * image with its meaning in words (aria-label, e.g. '120 clicks, up 35 %'), so the row reads the same heard.
 */
export function Sparkline({
  values,
  label,
  width = 80,
  height = 24,
}: {
  values: number[];
  label: string;
  width?: number;
  height?: number;
}) {
  const max = Math.max(1, ...values);
  const x = linearScale([0, Math.max(1, values.length - 1)], [1, width - 1]);
  const y = linearScale([0, max], [height - 2, 2]);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={label} className="shrink-0 text-brand-600">
      <path d={areaPath(values, x, y, height - 1)} fill="currentColor" opacity={0.12} />
      <path d={linePath(values, x, y)} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" />
    </svg>
  );
}
