import { describe, expect, it } from 'vitest';
import { uploadForm } from './upload-form';

const file = (name: string, text = name) => new File([text], name, { type: 'application/pdf' });

describe('uploadForm', () => {
  it('puts the text fields first, then one file under its field and several as field[n] in order', () => {
    const form = uploadForm(
      { projectname: 'Pump', projectdescription: 'Rev B', count: 2, note: undefined, gone: null },
      { documents: [file('a.pdf'), file('b.pdf'), file('c.pdf')], cover: file('cover.pdf') },
    );
    const entries = [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : (value as File).name]);
    expect(entries).toEqual([
      ['projectname', 'Pump'],
      ['projectdescription', 'Rev B'],
      ['count', '2'],
      ['documents[0]', 'a.pdf'],
      ['documents[1]', 'b.pdf'],
      ['documents[2]', 'c.pdf'],
      ['cover', 'cover.pdf'],
    ]);
  });

  it('sends no part for an empty list of files', () => {
    expect([...uploadForm({ name: 'x' }, { documents: [] }).keys()]).toEqual(['name']);
  });
});
