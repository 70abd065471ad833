/**
 * A publication's DOI field with its "Fill from the DOI" button (doi-fill.ts)
 * and, below, what the button found or why it found nothing. A React class
 * made with what the CMS lends (window.h, window.createClass), like the
 * moment field.
 */
import { type FillResult, fillFromDoi } from './doi-fill.ts';
import type { ImmutableMap } from './page.ts';

type Create = (type: string, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown;
interface Props {
  value?: unknown;
  onChange: (value: string) => void;
  forID: string;
  field: ImmutableMap;
}
interface Control {
  props: Props;
  state: { asking: boolean; result?: FillResult };
  setState(state: Partial<Control['state']>): void;
  fill(): Promise<void>;
}

/** `listedAs` says where a DOI is on the site already (the publication and its theme), else undefined. */
export function doiField(
  create: Create,
  createClass: (spec: object) => unknown,
  listedAs: (doi: string) => Promise<string | undefined>,
): unknown {
  return createClass({
    getInitialState: () => ({ asking: false }),
    async fill(this: Control) {
      this.setState({ asking: true, result: undefined });
      const typed = String(this.props.value ?? '');
      const listed = await listedAs(typed).catch(() => undefined);
      const result = await fillFromDoi(typed, () => listed);
      this.setState({ asking: false, result });
    },
    render(this: Control) {
      const { props, state } = this;
      const said = state.asking
        ? 'Asking Crossref and DataCite…'
        : state.result?.ok
          ? `Found: ${state.result.citation} Save to add its details to this entry (the fields you typed are kept).`
          : (state.result?.message ?? '');
      return create(
        'div',
        { className: 'eccron-doi' },
        create('input', {
          id: props.forID,
          type: 'text',
          autoComplete: 'off',
          spellCheck: false,
          value: String(props.value ?? ''),
          'aria-labelledby': `${props.forID}-label`,
          onChange: (event: { target: { value: string } }) => props.onChange(event.target.value),
        }),
        create(
          'button',
          { type: 'button', disabled: state.asking, onClick: () => void this.fill() },
          'Fill from the DOI',
        ),
        create(
          'p',
          {
            role: 'status',
            className: state.result && !state.result.ok ? 'eccron-doi-said eccron-doi-refused' : 'eccron-doi-said',
          },
          said,
        ),
      );
    },
  });
}
