import { describe, expect, it } from 'vitest';
import { boardHref, readBoardView } from './board-link';

describe('the board view in the URL', () => {
  it('reads the colour mode and filters, and drops what it does not know', () => {
    expect(readBoardView(new URLSearchParams('pads=false_fails&jig=3&cartridge=7'))).toEqual({ mode: 'false_fails', jig: 3, cartridge: 7 });
    expect(readBoardView(new URLSearchParams('pads=heat&jig=x&cartridge=-1'))).toEqual({ mode: 'group', jig: null, cartridge: null });
  });

  it('links to the hardware tab with the view, leaving defaults out', () => {
    expect(boardHref(4, { mode: 'false_fails', jig: 2 })).toBe('/projects/4/hardware?pads=false_fails&jig=2');
    expect(boardHref(4, { mode: 'group' })).toBe('/projects/4/hardware');
    expect(readBoardView(new URL(boardHref(4, { mode: 'fails', cartridge: 9 }), 'http://x').searchParams)).toEqual({ mode: 'fails', jig: null, cartridge: 9 });
  });
});
