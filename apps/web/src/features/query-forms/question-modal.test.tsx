import type { Question } from '@kontor/contract/api/query-forms';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { QuestionModal } from './question-modal';

const choice: Question = {
  type: 'question',
  questionType: 'selection',
  key: 'menu',
  title: 'Menü',
  columns: 12,
  required: false,
  // Stored before issue 31: a value that is no slug of its label, answers already use it.
  options: [{ value: 'veg', label: 'Vegetarisch' }],
};

const open = (onSave: (q: Question) => void) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <QuestionModal question={choice} otherKeys={[]} onSave={onSave} onRemove={() => {}} onClose={() => {}} />
        ),
      },
    ],
    '/',
  );

// Mantine's modal in jsdom takes seconds on the shared machine.
describe('answer options in the question editor (issue 31 item 5)', () => {
  test('are typed as labels; a new one gets its value from the label, an old one keeps its value', async () => {
    const onSave = vi.fn();
    open(onSave);
    expect(await screen.findByLabelText('Möglichkeit 1')).toHaveValue('Vegetarisch');
    expect(screen.queryByText('Wert')).toBeNull();
    fireEvent.change(screen.getByLabelText('Möglichkeit 1'), { target: { value: 'Vegetarisch (ohne Ei)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Möglichkeit hinzufügen' }));
    fireEvent.change(screen.getByLabelText('Möglichkeit 2'), { target: { value: 'Fisch & Meeresfrüchte' } });
    fireEvent.click(screen.getByRole('button', { name: 'Frage übernehmen' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        options: [
          { value: 'veg', label: 'Vegetarisch (ohne Ei)' },
          { value: 'fisch-meeresfruechte', label: 'Fisch & Meeresfrüchte' },
        ],
      }),
    );
  }, 30_000);

  test('an empty or repeated label is refused before saving', async () => {
    const onSave = vi.fn();
    open(onSave);
    fireEvent.click(await screen.findByRole('button', { name: 'Möglichkeit hinzufügen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Frage übernehmen' }));
    expect(await screen.findByText('Dieses Feld muss ausgefüllt werden')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Möglichkeit 2'), { target: { value: 'vegetarisch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Frage übernehmen' }));
    expect(await screen.findByText('Diese Möglichkeit gibt es bereits.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  }, 30_000);
});
