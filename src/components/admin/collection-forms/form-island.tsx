/** The island root every collection form shares: its fields inside `AdminIsland`. */
import type { ComponentType } from 'react';
import { AdminIsland } from '../ui/AdminIsland.tsx';
import type { ItemFormProps } from './types.ts';

type FieldsProps = Pick<ItemFormProps, 'item' | 'defaults'>;

/** The default export of a form module: `export default formIsland(EventFields)`. */
export function formIsland(Fields: ComponentType<FieldsProps>) {
  return function FormIsland({ item, defaults, ...island }: ItemFormProps) {
    return (
      <AdminIsland {...island}>
        <Fields item={item} {...(defaults ? { defaults } : {})} />
      </AdminIsland>
    );
  };
}
