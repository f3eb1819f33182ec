import { useElementSize } from '@mantine/hooks';
import { dayChartGeometry, type DayValue } from '../model/day-chart-geometry';
import classes from './tax-form-stats.module.css';

/** Room below the plot for the days' labels. */
const DAY_LABELS_HEIGHT = 24;

type DayChartProps = {
  /** The chart's name, as its figure's caption says it. */
  title: string;
  points: readonly DayValue[];
  kind: 'bars' | 'area';
  /** A colour of the theme (`var(--mantine-color-blue-7)`). */
  color: string;
  formatValue: (value: number) => string;
  /** Counts: the value axis's lines at whole numbers only. */
  wholeNumbers?: boolean;
  height: number;
  /** Room on the left for the value axis's labels. */
  axisWidth: number;
};

/**
 * One value per day as bars or as an area, drawn in SVG at the width it is given: the value axis's
 * lines with their values, the days below, and each day's value in its bar's or point's tooltip.
 * Nothing is drawn until the width is known; the box keeps its height meanwhile, and a drawing
 * scales with its box until it is drawn again at the new width.
 */
export function DayChart({
  title,
  points,
  kind,
  color,
  formatValue,
  wholeNumbers,
  height,
  axisWidth,
}: DayChartProps) {
  const { ref, width } = useElementSize();
  const frame = { width, height, left: axisWidth, bottom: DAY_LABELS_HEIGHT };
  const geometry = width > 0 ? dayChartGeometry(points, frame, { wholeNumbers }) : null;
  const tip = (index: number) => `${points[index]!.label}: ${formatValue(points[index]!.value)}`;
  return (
    <div ref={ref} className={classes.chart} style={{ height }}>
      {geometry && (
        <svg
          width="100%"
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={title}
        >
          <title>{title}</title>
          <g className={classes.chartAxis}>
            {geometry.gridLines.map((line) => (
              <g key={line.value}>
                <line x1={axisWidth} x2={geometry.right} y1={line.y} y2={line.y} />
                <text x={axisWidth - 8} y={line.y} dy="0.32em" textAnchor="end">
                  {formatValue(line.value)}
                </text>
              </g>
            ))}
            {geometry.days.map((day, index) =>
              day.labelled ? (
                <text key={index} x={day.x} y={height - 6} textAnchor="middle">
                  {points[index]!.label}
                </text>
              ) : null,
            )}
          </g>
          {kind === 'bars' ? (
            <g fill={color} data-chart="bars">
              {geometry.bars.map((bar, index) => (
                <rect key={index} {...bar}>
                  <title>{tip(index)}</title>
                </rect>
              ))}
            </g>
          ) : (
            <g data-chart="area">
              <path d={geometry.area} fill={color} fillOpacity={0.2} />
              <path d={geometry.line} fill="none" stroke={color} strokeWidth={2} />
              {geometry.days.map((day, index) => (
                <circle key={index} cx={day.x} cy={geometry.bars[index]!.y} r={3} fill={color}>
                  <title>{tip(index)}</title>
                </circle>
              ))}
            </g>
          )}
        </svg>
      )}
    </div>
  );
}
