/**
 * A publication's DOI field with its "Fill from the DOI" button (doi-fill.ts)
 * and, below, what the button found or why it found nothing. A React class
 * made with what the CMS lends (window.h, window.createClass), like the
 * moment field.
 */
import { cleanedDoi } from './cleaning.ts';
import { type FillResult, fillFromDoi } from './doi-fill.ts';
import type { ImmutableMap } from './page.ts';
import { SAVED } from './saved.ts';

type Create = (type: string, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown;
interface Props {
  value?: unknown;
  onChange: (value: string) => void;
  forID: string;
  field: ImmutableMap;
}
interface Control {
  props: Props;
  state: { asking: boolean; result?: FillResult; cleaned?: boolean };
  setState(state: Partial<Control['state']>): void;
  fill(): Promise<void>;
  change(typed: string): void;
  forget?: () => void;
}

/** `listedAs` says where a DOI is on the site already (the publication and its theme), else undefined. */
export function doiField(
  create: Create,
  createClass: (spec: object) => unknown,
  listedAs: (doi: string) => Promise<string | undefined>,
): unknown {
  return createClass({
    getInitialState: () => ({ asking: false }),
    componentDidMount(this: Control) {
      // Saved, what Fill found is in the entry: "Found: … Save to add its details" has done its work.
      this.forget = () => this.setState({ result: undefined, cleaned: false });
      window.addEventListener(SAVED, this.forget);
    },
    componentWillUnmount(this: Control) {
      if (this.forget) window.removeEventListener(SAVED, this.forget);
    },
    async fill(this: Control) {
      this.setState({ asking: true, result: undefined });
      const typed = String(this.props.value ?? '');
      const listed = await listedAs(typed).catch(() => undefined);
      const result = await fillFromDoi(typed, () => listed);
      // The DOI changed while the registries were asked: what they said is of another DOI.
      if (String(this.props.value ?? '') !== typed) return this.setState({ asking: false });
      this.setState({ asking: false, result });
    },
    change(this: Control, typed: string) {
      // A DOI pasted as its address (https://doi.org/…, doi:…) is the DOI: kept as the file keeps it, and said.
      const cleaned = cleanedDoi(typed);
      // Said until the box is emptied: typed key by key, the address is cleaned once its DOI is whole.
      this.setState({ result: undefined, cleaned: Boolean(cleaned) || (this.state.cleaned && typed.trim() !== '') });
      this.props.onChange(cleaned ?? typed);
    },
    render(this: Control) {
      const { props, state } = this;
      const said = state.asking
        ? 'Asking Crossref and DataCite…'
        : state.cleaned && !state.result
          ? 'Typed as its address (https://doi.org/… or doi:…): the DOI alone is kept, as the site writes it.'
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
          onChange: (event: { target: { value: string } }) => this.change(event.target.value),
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
