/**
 * A brand colour's controls on the site settings form (decision 043): the `#rrggbb` text field the
 * form posts, a native colour picker kept in step with it, and the contrast of every pair the
 * colour takes part in, light and dark, read live with the rules the server applies on save.
 * Without JavaScript the text field alone works and the server's error names the failing pair.
 */
import { useId, useState } from 'react';
import { checkBrandColour, contrastPairs, formatContrast, type ContrastPair } from '../../../lib/brand-colours.ts';
import { HEX_COLOUR } from '../../../lib/colour-contrast.ts';
import { themeModes, type ThemeMode } from '../../../lib/theme-palette.ts';

export interface BrandColourStrings {
  picker: string;
  heading: string;
  pairs: Record<ContrastPair, string>;
  modes: Record<ThemeMode, string>;
  pass: string;
  fail: string;
  /** With `{{colour}}`. */
  darkShade: string;
}

interface Props {
  id: string;
  name: string;
  value: string;
  /** The theme's own colour, shown by the picker while the field is empty. */
  fallback: string;
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
  intlLocale: string;
  strings: BrandColourStrings;
}

export default function BrandColourInput({ id, name, value, fallback, describedBy, invalid, intlLocale, strings }: Props) {
  const [text, setText] = useState(value);
  const readoutId = useId();
  const hex = text.trim().toLowerCase();
  const check = HEX_COLOUR.test(hex) ? checkBrandColour(hex) : null;
  const reading = (mode: ThemeMode, pair: ContrastPair) => check?.readings.find((item) => item.mode === mode && item.pair === pair);
  return (
    <div className="brand-colour">
      <div className="brand-colour__inputs">
        <input
          id={id}
          name={name}
          type="text"
          value={text}
          maxLength={7}
          placeholder={fallback}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid ? 'true' : undefined}
          aria-describedby={[describedBy, readoutId].filter(Boolean).join(' ')}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <input
          type="color"
          className="brand-colour__picker"
          aria-label={strings.picker}
          value={HEX_COLOUR.test(hex) ? hex : fallback}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </div>
      <div id={readoutId} className="brand-colour__readout" aria-live="polite">
        {check && (
          <table>
            <caption>{strings.heading}</caption>
            <thead>
              <tr>
                <td />
                {themeModes.map((mode) => (
                  <th scope="col" key={mode}>
                    {strings.modes[mode]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {contrastPairs.map((pair) => (
                <tr key={pair}>
                  <th scope="row">{strings.pairs[pair]}</th>
                  {themeModes.map((mode) => {
                    const item = reading(mode, pair);
                    return (
                      <td key={mode} data-passes={item?.passes ? 'true' : 'false'}>
                        {item && `${formatContrast(item.ratio, intlLocale)} ${item.passes ? `✓ ${strings.pass}` : `✗ ${strings.fail}`}`}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {check?.ok && check.dark.colour !== hex && (
          <p className="brand-colour__shade">
            <span className="brand-colour__swatch" style={{ background: check.dark.colour }} aria-hidden="true" />
            {strings.darkShade.replace('{{colour}}', check.dark.colour)}
          </p>
        )}
      </div>
    </div>
  );
}
