import { describe, expect, it } from 'vitest';
import type { Content } from '../types';
import {
  mockSetOptions,
  paperOptions,
  practiceSetOptions,
  programOptions,
  topicOptions,
  uploadTargetOptions,
} from './catalog';

const at = '2026-01-01T00:00:00.000Z';
const EXAM_DAY = { exam_day_questions: 180, exam_day_minutes: 180 };
const content: Content = {
  programs: [
    {
      id: 1,
      name: 'General Nursing',
      description: '',
      is_active: true,
      created_at: at,
      school_id: null,
      ...EXAM_DAY,
    },
    {
      id: 2,
      name: 'Midwifery',
      description: '',
      is_active: false,
      created_at: at,
      school_id: null,
      ...EXAM_DAY,
    },
  ],
  papers: [
    {
      id: 10,
      name: 'Paper 1',
      description: '',
      program: 1,
      program_name: 'General Nursing',
      is_active: true,
      created_at: at,
      school_id: null,
    },
    {
      id: 20,
      name: 'Paper A',
      description: '',
      program: 2,
      program_name: 'Midwifery',
      is_active: true,
      created_at: at,
      school_id: null,
    },
  ],
  topics: [
    {
      id: 100,
      name: 'Fluids',
      description: '',
      paper: 10,
      paper_name: 'Paper 1',
      is_active: true,
      created_at: at,
      school_id: null,
    },
    {
      id: 200,
      name: 'Labour',
      description: '',
      paper: 20,
      paper_name: 'Paper A',
      is_active: true,
      created_at: at,
      school_id: null,
    },
  ],
  practiceSets: [
    {
      id: 1000,
      title: 'Fluids 1',
      topic: 100,
      topic_name: 'Fluids',
      paper_name: 'Paper 1',
      total_questions: 4,
      created_at: at,
      is_active: true,
      shuffle: false,
      school_id: null,
    },
    {
      id: 2000,
      title: 'Labour 1',
      topic: 200,
      topic_name: 'Labour',
      paper_name: 'Paper A',
      total_questions: 4,
      created_at: at,
      is_active: true,
      shuffle: false,
      school_id: null,
    },
  ],
  mockExamSets: [
    {
      id: 5,
      title: 'Mock 1',
      description: '',
      paper: 10,
      paper_name: 'Paper 1',
      program_name: 'General Nursing',
      total_questions: 5,
      time_limit_minutes: 30,
      is_active: true,
      shuffle: true,
      draw_count: null,
      school_id: null,
    },
  ],
  viewer: { school_id: null },
};

describe('cascading choices', () => {
  it('marks inactive items and limits each level to its parent', () => {
    expect(programOptions(content)).toEqual([
      { value: '1', label: 'General Nursing' },
      { value: '2', label: 'Midwifery (inactive)' },
    ]);
    expect(paperOptions(content, '1')).toEqual([{ value: '10', label: 'Paper 1' }]);
    expect(topicOptions(content, '20')).toEqual([{ value: '200', label: 'Labour' }]);
    expect(mockSetOptions(content, '10')).toEqual([{ value: '5', label: 'Mock 1' }]);
    expect(practiceSetOptions(content, '10')).toEqual([{ value: '1000', label: 'Fluids 1 — Fluids' }]);
  });

  it('offers nothing below an unchosen level', () => {
    expect(paperOptions(content, '')).toEqual([]);
    expect(topicOptions(content, '')).toEqual([]);
    expect(mockSetOptions(content, '')).toEqual([]);
    expect(practiceSetOptions(content, '')).toEqual([]);
  });
});

describe('upload targets', () => {
  it("offers school staff their school's sets, not national ones; the platform admin every set", () => {
    const own = { ...content.practiceSets[0], id: 1001, title: 'Fluids (ours)', school_id: 7 };
    const withOwn = { ...content, practiceSets: [...content.practiceSets, own] };
    expect(uploadTargetOptions(withOwn, 'practice', '100').map((o) => o.label)).toEqual([
      'Fluids 1 (4 questions)',
      'Fluids (ours) (4 questions)',
    ]);
    const tutor = { ...withOwn, viewer: { school_id: 7 } };
    expect(uploadTargetOptions(tutor, 'practice', '100')).toEqual([
      { value: '1001', label: 'Fluids (ours) (4 questions)' },
    ]);
    expect(uploadTargetOptions(tutor, 'mock', '10')).toEqual([]);
  });
});
