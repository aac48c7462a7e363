import { describe, expect, it } from 'vitest';
import { detectColumns, parseTestPoints, testPadInput, testPointOptions, toMm, type ColumnMapping, type TestPadInput } from './test-points';

/** A pad with the defaults a row without net, diameter, side and kind columns gets. */
const pad = (p: Partial<TestPadInput> & Pick<TestPadInput, 'name' | 'x' | 'y'>): TestPadInput => ({
  net: null,
  side: 'top',
  diameter: null,
  kind: 'pad',
  ...p,
});

/** Each column as `header → field (unit, from)`, for short exact assertions. */
const mapped = (columns: ColumnMapping[]) =>
  columns.map((c) => `${c.header} → ${c.field ?? 'ignored'}${c.unit ? ` (${c.unit}, ${c.unitFrom})` : ''}`);

/** Each refused row as `line: reasons`. */
const refusals = (text: string, options = {}) =>
  parseTestPoints(text, options)
    .rows.filter((r) => r.errors.length)
    .map((r) => `${r.line}: ${r.errors.join('; ')}`);

describe('toMm', () => {
  it('converts mil and inch exactly enough, rounded to 4 decimals, never -0', () => {
    expect(toMm(1000, 'mil')).toBe(25.4);
    expect(toMm(1, 'mil')).toBe(0.0254);
    expect(toMm(0.5, 'inch')).toBe(12.7);
    expect(toMm(3.937, 'inch')).toBe(99.9998);
    expect(toMm(12.34567, 'mm')).toBe(12.3457);
    expect(Object.is(toMm(-0.00001, 'mm'), 0)).toBe(true);
  });
});

describe('detectColumns', () => {
  it('maps the names PCB tools use, ignoring case and punctuation, with units from the header', () => {
    const detection = detectColumns(['REFDES', 'Net Name', 'Center-X(mm)', 'Center-Y(mm)', 'TB', 'Size [in]', 'Pad Type', 'Rotation']);
    expect(mapped(detection.columns)).toEqual([
      'REFDES → name',
      'Net Name → net',
      'Center-X(mm) → x (mm, header)',
      'Center-Y(mm) → y (mm, header)',
      'TB → side',
      'Size [in] → diameter (inch, header)',
      'Pad Type → kind',
      'Rotation → ignored',
    ]);
    expect(detection.fields).toEqual({ name: 0, net: 1, x: 2, y: 3, side: 4, diameter: 5, kind: 6 });
    expect(detection.ignored).toEqual(['Rotation']);
    expect(detection.columns[7]?.note).toBe('not a test-point column');
  });

  it.each([
    [['Test Point', 'Signal', 'X (mil)', 'Y (mil)', 'Board Side', 'Dia', 'Kind'], ['name', 'net', 'x', 'y', 'side', 'diameter', 'kind'], ['mil', 'mil', null]],
    [['TP', 'Net', 'Pos X', 'Pos Y', 'Side', 'Pad Size', 'Type'], ['name', 'net', 'x', 'y', 'side', 'diameter', 'kind'], [null, null, null]],
    [['Testpoint', 'net', 'Mid X', 'Mid Y', 'Mirror', 'Drill (inch)', 'type'], ['name', 'net', 'x', 'y', 'side', 'diameter', 'kind'], [null, null, 'inch']],
    [['Ref', 'Val', 'Package', 'PosX', 'PosY', 'Rot', 'Side'], ['name', null, null, 'x', 'y', null, 'side'], [null, null]],
    [['Name', 'Ref X', 'Ref Y', 'Layer'], ['name', 'x', 'y', 'side'], [null, null]],
    [['Designator', 'X_mm', 'Y mm', 'Diameter [thou]'], ['name', 'x', 'y', 'diameter'], ['mm', 'mm', 'mil']],
    [['Name', 'X ["]', 'Y (in.)'], ['name', 'x', 'y'], ['inch', 'inch']],
  ])('maps %j', (headers, fields, units) => {
    const { columns } = detectColumns(headers);
    expect(columns.map((c) => c.field)).toEqual(fields);
    expect(columns.filter((c) => c.field === 'x' || c.field === 'y' || c.field === 'diameter').map((c) => c.unit)).toEqual(units);
  });

  it('takes the most telling of two columns for one field and says why the other is ignored', () => {
    const { columns, fields, ignored } = detectColumns(['Designator', 'Ref X', 'Mid X', 'Mid Y', 'Ref Y', 'Pad Size', 'Drill', '', 'Mid X']);
    expect(fields).toEqual({ name: 0, x: 2, y: 3, diameter: 5 });
    expect(ignored).toEqual(['Ref X', 'Ref Y', 'Drill', 'Column 8', 'Mid X #2']);
    expect(columns.map((c) => c.note ?? '')).toEqual([
      '',
      'another x column: Mid X is used',
      '',
      '',
      'another y column: Mid Y is used',
      '',
      'another diameter column: Pad Size is used',
      'not a test-point column',
      'another x column: Mid X is used',
    ]);
  });

  it('does not mistake names that merely contain a field name', () => {
    expect(detectColumns(['Name of part', 'Xtal', 'Y offset', 'Sides', 'Netlist']).fields).toEqual({});
  });
});

describe('parseTestPoints: tools’ exports', () => {
  it('reads an Altium-like test point report (mm in the header, layers by name)', () => {
    const text = [
      'Designator,Net,X (mm),Y (mm),Layer,Diameter',
      'TP1,GND,10.5,20.25,Top Layer,1.0',
      'TP2,VCC_3V3,12.7,20.25,Bottom Layer,0.8',
      'TP3,,15,-22.5,TopLayer,',
      '',
    ].join('\r\n');
    const result = parseTestPoints(text);
    expect(result.problem).toBeNull();
    expect(result.header).toEqual({ line: 1, delimiter: ',' });
    expect(mapped(result.columns)).toEqual([
      'Designator → name',
      'Net → net',
      'X (mm) → x (mm, header)',
      'Y (mm) → y (mm, header)',
      'Layer → side',
      'Diameter → diameter (mm, file)',
    ]);
    expect(result.accepted).toEqual([
      { name: 'TP1', net: 'GND', x: 10.5, y: 20.25, side: 'top', diameter: 1, kind: 'pad' },
      { name: 'TP2', net: 'VCC_3V3', x: 12.7, y: 20.25, side: 'bottom', diameter: 0.8, kind: 'pad' },
      { name: 'TP3', net: null, x: 15, y: -22.5, side: 'top', diameter: null, kind: 'pad' },
    ]);
    expect(result.refused).toBe(0);
    expect(result.rows.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(result.rows[1]?.raw).toEqual({ Designator: 'TP2', Net: 'VCC_3V3', 'X (mm)': '12.7', 'Y (mm)': '20.25', Layer: 'Bottom Layer', Diameter: '0.8' });
    expect(result.unit).toEqual({ unit: 'mm', from: 'default' });
  });

  it('reads a KiCad position file (quoted cells, extra columns ignored, mounting holes by name)', () => {
    const text = [
      'Ref,Val,Package,PosX,PosY,Rot,Side',
      '"MH1","MountingHole","MountingHole_3.2mm_M3",95.0000,-45.0000,0.0000,top',
      '"TP1","TestPoint","TestPoint_Pad_D1.0mm",101.6000,-50.8000,0.0000,top',
      '"TP2","TestPoint","TestPoint_Pad_D1.0mm",104.1400,-50.8000,180.0000,bottom',
      '"TOOL2","MountingHole","MountingHole_3.2mm_M3",140.0000,-45.0000,0.0000,top',
    ].join('\n');
    const result = parseTestPoints(text);
    expect(result.columns.map((c) => c.field)).toEqual(['name', null, null, 'x', 'y', null, 'side']);
    expect(result.columns.filter((c) => !c.field).map((c) => c.header)).toEqual(['Val', 'Package', 'Rot']);
    expect(result.accepted).toEqual([
      pad({ name: 'MH1', x: 95, y: -45, kind: 'tooling' }),
      pad({ name: 'TP1', x: 101.6, y: -50.8 }),
      pad({ name: 'TP2', x: 104.14, y: -50.8, side: 'bottom' }),
      pad({ name: 'TOOL2', x: 140, y: -45, kind: 'tooling' }),
    ]);
  });

  it('reads an Eagle-like part list in mil: title lines before the header, units from the title, a Mirror column', () => {
    const text = [
      'Partlist exported from fixture-board.brd at 23.11.2026 10:12',
      'Units: mil',
      '',
      'Name,X,Y,Angle,Value,Package,Mirror',
      'TP1,1000,500,R0,TP,TP08R,No',
      'TP2,1100,-500,R0,TP,TP08R,Yes',
      'TH1,100,100,R0,,HOLE3.2,',
      'THERM1,2000,0,R0,,TP08R,No',
    ].join('\n');
    const result = parseTestPoints(text);
    expect(result.header).toEqual({ line: 4, delimiter: ',' });
    expect(result.unit).toEqual({ unit: 'mil', from: 'title' });
    expect(mapped(result.columns).slice(0, 3)).toEqual(['Name → name', 'X → x (mil, file)', 'Y → y (mil, file)']);
    expect(result.rows.map((r) => r.line)).toEqual([5, 6, 7, 8]);
    expect(result.accepted).toEqual([
      pad({ name: 'TP1', x: 25.4, y: 12.7 }),
      pad({ name: 'TP2', x: 27.94, y: -12.7, side: 'bottom' }),
      pad({ name: 'TH1', x: 2.54, y: 2.54, kind: 'tooling' }),
      pad({ name: 'THERM1', x: 50.8, y: 0 }),
    ]);
  });

  it('lets the chosen unit override the title’s, and reads "X (mil)" headers whatever the option', () => {
    const titled = 'Units: mil\nName,X,Y\nTP1,1,2\n';
    expect(parseTestPoints(titled, { unit: 'inch' }).accepted).toEqual([pad({ name: 'TP1', x: 25.4, y: 50.8 })]);
    expect(parseTestPoints(titled, { unit: 'inch' }).unit).toEqual({ unit: 'inch', from: 'option' });
    expect(parseTestPoints('Name,X,Y\nTP1,1,2\n', { unit: 'mil' }).accepted).toEqual([pad({ name: 'TP1', x: 0.0254, y: 0.0508 })]);
    expect(parseTestPoints('Name,X (mil),Y (mil),Size (mil)\nTP1,250,-125,40\n', { unit: 'inch' }).accepted).toEqual([
      pad({ name: 'TP1', x: 6.35, y: -3.175, diameter: 1.016 }),
    ]);
    expect(parseTestPoints('## Unit = inches, Angle = deg.\nName,X,Y\nTP1,1,2\n').accepted).toEqual([pad({ name: 'TP1', x: 25.4, y: 50.8 })]);
  });

  it('reads a semicolon file with decimal commas, quoted cells and a value suffix', () => {
    const text = ['TP;Signal;Pos X;Pos Y;Side;Dia', 'TP10;SDA;12,5;7,25;T;0,9', 'TP11;SCL;"13,75";7,25;B;"0,9"', 'TP12;"RESET;N";14;8,125mm;F;1'].join('\n');
    const result = parseTestPoints(text);
    expect(result.header).toEqual({ line: 1, delimiter: ';' });
    expect(result.accepted).toEqual([
      { name: 'TP10', net: 'SDA', x: 12.5, y: 7.25, side: 'top', diameter: 0.9, kind: 'pad' },
      { name: 'TP11', net: 'SCL', x: 13.75, y: 7.25, side: 'bottom', diameter: 0.9, kind: 'pad' },
      { name: 'TP12', net: 'RESET;N', x: 14, y: 8.125, side: 'top', diameter: 1, kind: 'pad' },
    ]);
  });

  it('does not read a comma as a decimal point in a comma file', () => {
    expect(refusals('Name,X,Y\nTP1,"12,5",3\n')).toEqual(["2: x is not a number: '12,5'"]);
  });

  it('reads a tab-separated file with a byte-order mark and CRLF lines', () => {
    const result = parseTestPoints('\uFEFFName\tNet\tX\tY\r\nTP1\tGND\t1.5\t2\r\n\r\nTP2\t\t3\t4\r\n');
    expect(result.header).toEqual({ line: 1, delimiter: '\t' });
    expect(result.columns[0]?.header).toBe('Name');
    expect(result.accepted).toEqual([pad({ name: 'TP1', net: 'GND', x: 1.5, y: 2 }), pad({ name: 'TP2', x: 3, y: 4 })]);
    expect(result.rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it('reads units from the values when neither the header nor the file names one', () => {
    const result = parseTestPoints('Name,X,Y,Diameter\nTP1,12.5mm,500mil,"0.04"""\nTP2,0.5",20 mm,1mm\n', { unit: 'mil' });
    expect(result.accepted).toEqual([
      pad({ name: 'TP1', x: 12.5, y: 12.7, diameter: 1.016 }),
      pad({ name: 'TP2', x: 12.7, y: 20, diameter: 1 }),
    ]);
    expect(mapped(result.columns)).toEqual(['Name → name', 'X → x', 'Y → y', 'Diameter → diameter']);
    expect(result.columns.slice(1).map((c) => [c.unit, c.unitFrom])).toEqual([
      [null, 'values'],
      [null, 'values'],
      [null, 'values'],
    ]);
    const uniform = parseTestPoints('Name,X,Y\nTP1,1mm,2\n');
    expect(uniform.columns.slice(1).map((c) => [c.unit, c.unitFrom])).toEqual([
      ['mm', 'values'],
      ['mm', 'file'],
    ]);
  });

  it('counts lines across a quoted value that spans two lines and skips comment lines', () => {
    const result = parseTestPoints('Name,Net,X,Y\nTP1,"long\nnet",1,1\n# a comment\nTP2,GND,2,2\n');
    expect(result.rows.map((r) => [r.line, r.pad?.name])).toEqual([
      [2, 'TP1'],
      [5, 'TP2'],
    ]);
    expect(result.accepted[0]?.net).toBe('long\nnet');
  });
});

describe('parseTestPoints: sides and kinds', () => {
  it.each([
    ['Top', 'top'], ['T', 'top'], ['TOP', 'top'], ['Front', 'top'], ['F', 'top'], ['1', 'top'], ['F.Cu', 'top'],
    ['Bottom', 'bottom'], ['B', 'bottom'], ['BOT', 'bottom'], ['Back', 'bottom'], ['2', 'bottom'], ['Mirrored', 'bottom'],
    ['Bottom Layer', 'bottom'], ['B.Cu', 'bottom'], [' bottom ', 'bottom'],
  ])('reads side %j as %s', (text, side) => {
    expect(parseTestPoints(`Name,X,Y,Side\nTP1,1,1,"${text}"\n`).accepted[0]?.side).toBe(side);
  });

  it.each([['Yes', 'bottom'], ['Y', 'bottom'], ['1', 'bottom'], ['Mirrored', 'bottom'], ['No', 'top'], ['0', 'top'], ['', 'top']])(
    'reads mirror %j as %s',
    (text, side) => {
      expect(parseTestPoints(`Name,X,Y,Mirror\nTP1,1,1,${text}\n`).accepted[0]?.side).toBe(side);
    },
  );

  it.each([
    ['via', 'via'], ['VIA', 'via'], ['SMD', 'pad'], ['pad', 'pad'], ['TH', 'through_hole'], ['THT', 'through_hole'],
    ['through-hole', 'through_hole'], ['PTH', 'through_hole'], ['Tooling', 'tooling'], ['Mounting Hole', 'tooling'],
    ['mounting', 'tooling'], ['Fiducial Hole', 'tooling'],
  ])('reads type %j as %s', (text, kind) => {
    expect(parseTestPoints(`Name,X,Y,Type\nTP1,1,1,${text}\n`).accepted[0]?.kind).toBe(kind);
  });

  it('takes the kind from the name only where no type says it', () => {
    const kinds = (text: string) => parseTestPoints(text).accepted.map((p) => `${p.name}:${p.kind}`);
    expect(kinds('Name,X,Y\nTH1,1,1\nMH-2,2,2\nTOOL3,3,3\ntooling_a,4,4\nTHERM1,5,5\nTP1,6,6\n')).toEqual([
      'TH1:tooling', 'MH-2:tooling', 'TOOL3:tooling', 'tooling_a:tooling', 'THERM1:pad', 'TP1:pad',
    ]);
    expect(kinds('Name,X,Y,Type\nTH1,1,1,via\nMH2,2,2,\n')).toEqual(['TH1:via', 'MH2:tooling']);
  });
});

describe('parseTestPoints: refused rows', () => {
  it('says in plain words why each bad row is refused, and accepts the rest', () => {
    const long = `TP${'9'.repeat(63)}`;
    const text = [
      'Name,Net,X (mm),Y (mm),Side,Diameter,Type',
      'TP1,GND,1,1,Top,1,smd',
      ',GND,2,2,Top,1,smd',
      'TP3,GND,abc,2,Top,1,smd',
      'TP4,GND,3,,Top,1,smd',
      'TP5,GND,4,4,middle,1,smd',
      'TP6,GND,5,5,Top,0,smd',
      'TP7,GND,6,6,Top,60,smd',
      'TP8,GND,2500,-2000.1,Top,1,smd',
      'TP9,GND,7,7,Top,1,rivet',
      'tp1,GND,8,8,Top,1,via',
      `${long},GND,9,9,Top,1,smd`,
      'TP11,GND,9,9,Top,1,pth,surprise',
      'TP12,GND,10,10,,x1,smd',
      'TP13,GND,500mil,10,Top,,',
      'TP14,GND,1.2.3,7cm,Top,,',
      'TP15,GND,10,10,Bottom,1,via,',
    ].join('\n');
    const result = parseTestPoints(text);
    expect(refusals(text)).toEqual([
      '2: name TP1 appears on lines 2 and 11',
      '3: name missing',
      "4: x is not a number: 'abc'",
      '5: y missing',
      "6: side 'middle' is neither top nor bottom",
      '7: diameter is 0 mm; it must be more than 0 mm',
      '8: diameter is 60 mm, more than 50 mm',
      '9: x is 2500 mm, beyond ±2000 mm of the board origin; y is -2000.1 mm, beyond ±2000 mm of the board origin',
      "10: kind 'rivet' is not one of pad, via, through-hole or tooling",
      '11: name tp1 appears on lines 2 and 11',
      '12: name is longer than 64 characters',
      '13: line has 8 values but the header names 7 columns',
      "14: side missing; diameter is not a number: 'x1'",
      "15: x '500mil' is in mil but its column X (mm) is in mm",
      "16: x is not a number: '1.2.3'; y is not a number: '7cm'",
    ]);
    expect(result.accepted).toEqual([{ name: 'TP15', net: 'GND', x: 10, y: 10, side: 'bottom', diameter: 1, kind: 'via' }]);
    expect(result.refused).toBe(15);
    expect(result.rows.filter((r) => r.errors.length).every((r) => r.pad === undefined)).toBe(true);
    expect(result.rows[2]?.raw['X (mm)']).toBe('abc');
  });

  it('names every line a name repeats on', () => {
    expect(refusals('Name,X,Y\nTP12,1,1\nTP2,2,2\nTP12,3,3\nTP12,4,4\n')).toEqual([
      '2: name TP12 appears on lines 2, 4 and 5',
      '4: name TP12 appears on lines 2, 4 and 5',
      '5: name TP12 appears on lines 2, 4 and 5',
    ]);
  });

  it('refuses a row whose quote never closes', () => {
    const result = parseTestPoints('Name,Net,X,Y\nTP1,GND,1,1\nTP2,"GND,2,2\nTP3,GND,3,3\n');
    expect(result.accepted.map((p) => p.name)).toEqual(['TP1']);
    expect(result.rows[1]?.errors[0]).toBe('a quoted value is never closed');
  });

  it('says what is missing when no line is a header', () => {
    expect(parseTestPoints('').problem).toBe('The file is empty.');
    expect(parseTestPoints(' \r\n\r\n').problem).toBe('The file is empty.');
    const partial = parseTestPoints('Board report\nDesignator,Net,X (mm),Layer\nTP1,GND,1,Top\n');
    expect(partial.problem).toBe('Line 2 looks like the header but has no y column: a y column is named Y, Pos Y, Center-Y, Mid Y or Ref Y.');
    expect(partial.header).toBeNull();
    expect(partial.rows).toEqual([]);
    expect(mapped(partial.columns)).toEqual(['Designator → name', 'Net → net', 'X (mm) → x (mm, header)', 'Layer → side']);
    expect(parseTestPoints('a,b,c\n1,2,3\n').problem).toBe(
      'No line names a name, an x and a y column: a name column is named Name, RefDes, Designator, TP or Ref; ' +
        'an x column is named X, Pos X, Center-X, Mid X or Ref X; a y column is named Y, Pos Y, Center-Y, Mid Y or Ref Y.',
    );
    expect(parseTestPoints('Net,Layer\nGND,Top\n').problem).toBe(
      'Line 1 looks like the header but has no name, x and y columns: a name column is named Name, RefDes, Designator, TP or Ref; ' +
        'an x column is named X, Pos X, Center-X, Mid X or Ref X; a y column is named Y, Pos Y, Center-Y, Mid Y or Ref Y.',
    );
  });
});

describe('testPointOptions', () => {
  it('takes mm, mil or inch, or nothing', () => {
    expect(testPointOptions.parse({})).toEqual({});
    expect(testPointOptions.parse({ unit: 'mil' })).toEqual({ unit: 'mil' });
    expect(testPointOptions.safeParse({ unit: 'cm' }).error?.issues.map((i) => i.message)).toEqual(['unit must be mm, mil or inch']);
  });
});

describe('testPadInput', () => {
  it('trims names, empties the net to null and bounds every number', () => {
    expect(testPadInput.parse({ name: ' TP1 ', net: ' ', x: -2000, y: 2000, side: 'top', diameter: 50, kind: 'tooling' })).toEqual({
      name: 'TP1', net: null, x: -2000, y: 2000, side: 'top', diameter: 50, kind: 'tooling',
    });
    const errors = testPadInput.safeParse({ name: ' ', net: null, x: Infinity, y: '3', side: 'left', diameter: -1, kind: 'hole' }).error?.issues.map(
      (i) => `${i.path.join('.')}: ${i.message}`,
    );
    expect(errors).toEqual([
      'name: name missing',
      "x: x is not a number: 'Infinity'",
      "y: y is not a number: '3'",
      "side: side 'left' is neither top nor bottom",
      'diameter: diameter is -1 mm; it must be more than 0 mm',
      "kind: kind 'hole' is not one of pad, via, through-hole or tooling",
    ]);
  });
});

describe('parseTestPoints: size', () => {
  it('reads 10,000 rows in mil, every one right', () => {
    const lines = ['Designator,Net,X (mil),Y (mil),Layer,Size (mil)'];
    for (let i = 1; i <= 10_000; i++) lines.push(`TP${i},N${i % 500},${i % 4000},${-(i % 3000)},${i % 2 ? 'Top' : 'Bottom'},${30 + (i % 20)}`);
    const text = lines.join('\r\n');
    const started = performance.now();
    const result = parseTestPoints(text);
    const elapsed = performance.now() - started;
    console.info(`parseTestPoints: 10,000 rows in ${elapsed.toFixed(0)} ms`);
    expect(result.refused).toBe(0);
    expect(result.accepted).toHaveLength(10_000);
    expect(result.accepted[9_999]).toEqual({ name: 'TP10000', net: 'N0', x: 50.8, y: -25.4, side: 'bottom', diameter: 0.762, kind: 'pad' });
    expect(result.accepted[3_999]).toEqual({ name: 'TP4000', net: 'N0', x: 0, y: -25.4, side: 'bottom', diameter: 0.762, kind: 'pad' });
    expect(result.rows[9_999]?.line).toBe(10_001);
  });
});

describe('parseTestPoints: the schema’s bounds', () => {
  it('accepts a row exactly when testPadInput does, at every bound', () => {
    const rows: [string, string, string, string, string][] = [
      ['N'.repeat(64), 'n'.repeat(128), '2000', '-2000', '50'],
      ['N'.repeat(65), 'ok', '1', '1', ''],
      ['A', 'n'.repeat(129), '1', '1', ''],
      ['B', '', '2000.0001', '1', ''],
      ['C', '', '1', '-2000.0001', ''],
      ['D', '', '1', '1', '50.0001'],
      ['E', '', '1', '1', '0.0001'],
      ['F', '', '1', '1', '-1'],
    ];
    const text = ['Name,Net,X,Y,Diameter', ...rows.map((r) => r.join(','))].join('\n');
    const result = parseTestPoints(text);
    const schema = rows.map(([name, net, x, y, diameter]) =>
      testPadInput.safeParse({ name, net, x: Number(x), y: Number(y), side: 'top', diameter: diameter === '' ? null : Number(diameter), kind: 'pad' }).success,
    );
    expect(result.rows.map((r) => r.pad !== undefined)).toEqual(schema);
    expect(schema).toEqual([true, false, false, false, false, false, true, false]);
    expect(result.rows.map((r) => r.errors)).toEqual([
      [],
      ['name is longer than 64 characters'],
      ['net is longer than 128 characters'],
      ['x is 2000.0001 mm, beyond ±2000 mm of the board origin'],
      ['y is -2000.0001 mm, beyond ±2000 mm of the board origin'],
      ['diameter is 50.0001 mm, more than 50 mm'],
      [],
      ['diameter is -1 mm; it must be more than 0 mm'],
    ]);
  });
});
