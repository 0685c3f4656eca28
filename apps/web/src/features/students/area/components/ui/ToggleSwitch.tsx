// An on/off setting as one button (role=switch): the track and its words are a single tap target.
import type { ReactNode } from 'react';
import './ToggleSwitch.css';

export interface ToggleSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** the words beside the track, which also name the switch */
  children?: ReactNode;
  /** the name when there are no words beside the track */
  'aria-label'?: string;
  disabled?: boolean;
  className?: string;
}

export function ToggleSwitch({ checked, onChange, children, disabled, className, 'aria-label': ariaLabel }: ToggleSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={ariaLabel}
      disabled={disabled}
      className={`ui-switch${checked ? ' on' : ''}${className ? ` ${className}` : ''}`}
      onClick={() => onChange(!checked)}
    >
      <span className="ui-switch-track" aria-hidden="true">
        <span className="ui-switch-thumb" />
      </span>
      {children !== undefined && <span className="ui-switch-text">{children}</span>}
    </button>
  );
}
