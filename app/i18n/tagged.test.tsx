import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Tagged } from './tagged';

const render = (text: string) =>
  renderToStaticMarkup(
    <Tagged
      text={text}
      tags={{ service: (inner) => <a href="/s">{inner}</a>, privacy: (inner) => <a href="/p">{inner}</a> }}
    />,
  );

describe('Tagged', () => {
  it('makes each tag of a translation into its element, keeping the text around them', () => {
    expect(render('I agree to <service>the terms</service> and <privacy>the policy</privacy>.')).toBe(
      'I agree to <a href="/s">the terms</a> and <a href="/p">the policy</a>.',
    );
  });

  it('shows the text of a tag it was given nothing for, and a text without tags as it is', () => {
    expect(render('see <other>this</other>')).toBe('see this');
    expect(render('no tags here')).toBe('no tags here');
  });
});
