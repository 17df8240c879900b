/** One group's radio buttons, each in its label: the tip form's frequency and privacy choices. */
export function RadioOptions<T extends string>({
  name,
  options,
  value,
  onChange,
  label,
}: {
  name: string;
  options: readonly T[];
  value: T | undefined;
  onChange: (option: T) => void;
  label: (option: T) => string;
}) {
  return options.map((option) => (
    <label key={option} className="sf-choice">
      <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
      {label(option)}
    </label>
  ));
}
