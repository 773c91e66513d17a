/** One option of a picker's listbox (relations, mentions): marked active for `aria-activedescendant`, picked on press. */
import type { ReactNode } from 'react';

export interface PickerOptionProps {
  id: string;
  active: boolean;
  onPick: () => void;
  children: ReactNode;
}

export function PickerOption({ id, active, onPick, children }: PickerOptionProps) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={active ? 'admin-picker__option admin-picker__option--active' : 'admin-picker__option'}
      // mousedown, not click: picking must happen before the text box's blur closes the list.
      onMouseDown={(event) => {
        event.preventDefault();
        onPick();
      }}
    >
      {children}
    </li>
  );
}
