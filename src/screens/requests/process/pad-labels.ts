import type { TestPadField, TestPadKind } from '../../../../contract/test-points';

export const KIND_LABELS: Record<TestPadKind, string> = { pad: 'Pad', via: 'Via', through_hole: 'Through-hole', tooling: 'Tooling hole' };
export const FIELD_LABELS: Record<TestPadField, string> = { name: 'Name', net: 'Net', x: 'X', y: 'Y', side: 'Side', diameter: 'Diameter', kind: 'Kind' };
