/** Reordering of ordered lists (galleries, organizers, downloads), by drag or keyboard. */

/** A copy of `list` with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const result = [...list];
  if (from < 0 || from >= list.length) return result;
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (target === from) return result;
  const [item] = result.splice(from, 1);
  result.splice(target, 0, item as T);
  return result;
}

/** Where a keyboard key moves the item at `index`, or undefined when the key does not reorder. */
export function keyboardTarget(key: string, index: number, length: number): number | undefined {
  switch (key) {
    case 'ArrowUp':
    case 'ArrowLeft':
      return index > 0 ? index - 1 : undefined;
    case 'ArrowDown':
    case 'ArrowRight':
      return index < length - 1 ? index + 1 : undefined;
    case 'Home':
      return index > 0 ? 0 : undefined;
    case 'End':
      return index < length - 1 ? length - 1 : undefined;
    default:
      return undefined;
  }
}
