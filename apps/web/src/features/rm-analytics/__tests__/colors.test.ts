import { describe, expect, it } from 'vitest';
import {
  biasBarColor,
  priorityColor,
  riskLabel,
  riskLabelColor,
  riskProfileColor,
  riskRankingBadgeColor,
  urgencyColor,
} from '../utils/colors';

describe('urgencyColor (spec §4: urgent or high red; medium or moderate orange; otherwise green)', () => {
  it.each([
    ['urgent', 'red'],
    ['high', 'red'],
    ['HIGH', 'red'],
    ['medium', 'orange'],
    ['moderate', 'orange'],
    ['low', 'green'],
    ['', 'green'],
    ['unknown', 'green'],
  ])('%s → %s', (level, color) => {
    expect(urgencyColor(level)).toBe(color);
  });
});

describe('riskLabel and riskLabelColor (spec §4: 3, 6, 8 bands)', () => {
  it.each([
    [0, 'Low', 'green'],
    [3, 'Low', 'green'],
    [3.01, 'Medium', 'yellow'],
    [6, 'Medium', 'yellow'],
    [6.01, 'High', 'orange'],
    [8, 'High', 'orange'],
    [8.01, 'Very High', 'red'],
    [10, 'Very High', 'red'],
  ])('%s → %s (%s)', (score, label, color) => {
    expect(riskLabel(score)).toBe(label);
    expect(riskLabelColor(score)).toBe(color);
  });
});

describe('priorityColor (spec §4: 8 or more red; 6 or more orange; 4 or more yellow; else green)', () => {
  it.each([
    [10, 'red'],
    [8, 'red'],
    [7.99, 'orange'],
    [6, 'orange'],
    [5.99, 'yellow'],
    [4, 'yellow'],
    [3.99, 'green'],
    [0, 'green'],
  ])('%s → %s', (score, color) => {
    expect(priorityColor(score)).toBe(color);
  });
});

describe('riskRankingBadgeColor (spec §4: HIGH red, MEDIUM orange, LOW green, otherwise gray)', () => {
  it.each([
    ['HIGH', 'red'],
    ['high', 'red'],
    ['MEDIUM', 'orange'],
    ['medium', 'orange'],
    ['LOW', 'green'],
    ['low', 'green'],
    ['VERY HIGH', 'gray'],
    ['', 'gray'],
  ])('%s → %s', (level, color) => {
    expect(riskRankingBadgeColor(level)).toBe(color);
  });
});

describe('biasBarColor (spec §4: above 80 red; above 60 orange; else yellow)', () => {
  it.each([
    [100, 'red'],
    [80.01, 'red'],
    [80, 'orange'],
    [60.01, 'orange'],
    [60, 'yellow'],
    [0, 'yellow'],
  ])('%s → %s', (score, color) => {
    expect(biasBarColor(score)).toBe(color);
  });
});

describe('riskProfileColor in directory and book lists (spec §4: above 7 red, above 4 orange, else green)', () => {
  it.each([
    [10, 'red'],
    [8, 'red'],
    [7.5, 'red'],
    [7, 'orange'],
    [5, 'orange'],
    [4.5, 'orange'],
    [4, 'green'],
    [1, 'green'],
  ])('%s → %s', (value, color) => {
    expect(riskProfileColor(value)).toBe(color);
  });
});
