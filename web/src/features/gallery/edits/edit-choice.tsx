// One option of an edit panel's tab (edit-panel.tsx): a pressed-or-not button with an optional swatch and hint.
export function EditChoice({
  picked,
  onPick,
  swatch,
  name,
  hint,
  disabled,
  testId,
  value,
}: {
  picked: boolean;
  onPick: () => void;
  swatch?: React.ReactNode;
  name: string;
  hint?: string;
  disabled?: boolean;
  testId: string;
  value: string;
}) {
  return (
    <li>
      <button
        type="button"
        className={`edit-choice${picked ? ' edit-choice--picked' : ''}`}
        aria-pressed={picked}
        onClick={onPick}
        disabled={disabled}
        data-testid={testId}
        data-choice={value}
      >
        {swatch && <span className="edit-choice__swatch">{swatch}</span>}
        <span className="edit-choice__text">
          <span className="edit-choice__name">{name}</span>
          {hint && <small>{hint}</small>}
        </span>
      </button>
    </li>
  );
}
