/** A note as the notes API answers it and the panel shows it (docs/decisions/061). */
export interface NoteView {
  id: number;
  collection: string;
  itemId: number;
  /** Plain text with line breaks; mentions as `<@userId>` tokens (mentions.ts). */
  body: string;
  author: { id: string; label: string };
  createdAt: string;
  updatedAt: string;
  /** The author changed the text after writing it. */
  edited: boolean;
}
