/** How a site form declares one field: everything but its name, value and errors. */
export interface SiteFieldSpec {
  /** The control's element id (the error summary links to it). */
  id: string;
  label: string;
  kind?: 'text' | 'email-list' | 'date' | 'textarea' | 'select';
  hint?: string | undefined;
  maxlength?: number | undefined;
  required?: boolean;
  placeholder?: string | undefined;
  lang?: string | undefined;
  rows?: number;
}
