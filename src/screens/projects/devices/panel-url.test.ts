import { describe, expect, it } from 'vitest';
import { backToDevice, closePanel, openDevice, openReport, panelSearch, readPanel } from './panel-url';

describe('device panel URL state', () => {
  it('reads the device and its report', () => {
    expect(readPanel('')).toEqual({ device: null, report: null });
    expect(readPanel('device=12')).toEqual({ device: 12, report: null });
    expect(readPanel('status=failed&device=12&report=34')).toEqual({ device: 12, report: 34 });
  });

  it('ignores a report without its device, and ids that are not ids', () => {
    expect(readPanel('report=34')).toEqual({ device: null, report: null });
    expect(readPanel('device=abc&report=3')).toEqual({ device: null, report: null });
    expect(readPanel('device=0')).toEqual({ device: null, report: null });
    expect(readPanel('device=5&report=-1')).toEqual({ device: 5, report: null });
  });

  it('opens, goes back and closes while the table keeps its state', () => {
    const table = 'status=failed&sortby=serial&sortdesc=false&page=3';
    const device = panelSearch(table, openDevice(12));
    expect(device).toBe(`${table}&device=12`);
    const report = panelSearch(device, openReport(12, 34));
    expect(readPanel(report)).toEqual({ device: 12, report: 34 });
    expect(panelSearch(report, backToDevice)).toBe(device);
    expect(panelSearch(report, closePanel)).toBe(table);
  });

  it('opening another device drops the last one’s report', () => {
    expect(readPanel(panelSearch('device=1&report=9', openDevice(2)))).toEqual({ device: 2, report: null });
  });
});
