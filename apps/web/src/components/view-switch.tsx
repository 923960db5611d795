import { useId } from 'react';

interface Props<V extends string> {
  /** What the choice is about, read out for the group ("Show as"). */
  label: string;
  options: { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}

/**
 * A choice of views (Browse's List or Map) as the browser's own radio buttons, styled in
 * view-switch.css. Replaces Mantine's SegmentedControl, whose code and floating indicator were
 * about 3 kB of Browse's first load (issue 18, decision 043).
 */
export function ViewSwitch<V extends string>({ label, options, value, onChange }: Props<V>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="view-switch-group">
      {options.map((option) => (
        <label key={option.value} className="view-switch-option">
          <input
            type="radio"
            className="view-switch-input"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
