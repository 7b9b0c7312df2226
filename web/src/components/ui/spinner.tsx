import './spinner.css';

export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  return (
    <span className={`spinner spinner--${size}`} role={label ? 'status' : undefined} aria-hidden={!label}>
      {label && <span className="visually-hidden">{label}</span>}
    </span>
  );
}
