import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import './form-controls.css';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & { label: ReactNode };

export function Checkbox({ label, className, ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div className={`checkbox${className ? ` ${className}` : ''}`}>
      <input id={id} type="checkbox" className="checkbox__input" {...input} />
      <label htmlFor={id} className="checkbox__label">
        {label}
      </label>
    </div>
  );
}
