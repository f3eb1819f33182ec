import { useId } from 'react';
import classes from './segmented-choice.module.css';

export type SegmentedOption<V extends string> = { value: V; label: string };

type SegmentedChoiceProps<V extends string> = {
  /** What the choice is about, read out with the group. */
  label: string;
  value: V;
  options: readonly SegmentedOption<V>[];
  onChange: (value: V) => void;
};

/**
 * A choice of a few options side by side, the chosen one raised: the browser's own radio buttons
 * (arrow keys move between them) under labels drawn as segments. Mantine's SegmentedControl slides
 * an indicator it measures in an effect, a layout forced in the middle of the screen's first render
 * (98 ms of home's load at a phone's speed, docs/benchmarks.md); this measures nothing.
 */
export function SegmentedChoice<V extends string>({
  label,
  value,
  options,
  onChange,
}: SegmentedChoiceProps<V>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={classes.group}>
      {options.map((option) => (
        <label key={option.value} className={classes.segment}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            className={classes.input}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
