import { TextField } from '@mui/material';
import { FaqItemDataSchema, ProfileSchema, UpdateTipjarBodySchema } from '@podpot/domain';
import { screen } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { maxLengthOf, useDomainForm } from '@/lib/form';
import { render } from '@/test/render';

type FaqItemData = z.infer<typeof FaqItemDataSchema>;

/** A form with a text field and a number field of a domain schema. */
function FaqForm() {
  const { field } = useDomainForm<FaqItemData>(FaqItemDataSchema, { question: { en: '', nl: '' } });
  return (
    <>
      <TextField label="Question" {...field('question.en')} />
      <TextField label="Priority" {...field('priority', { number: true })} />
    </>
  );
}

/** Issue 39: a form's text field stops at the length the API takes (the domain schema's maximum). */
describe('text limits from the domain schemas', () => {
  it("reads a field's maximum through nesting, defaults and transforms", () => {
    expect(maxLengthOf(FaqItemDataSchema, 'question.nl')).toBe(300);
    expect(maxLengthOf(FaqItemDataSchema, 'answer.en')).toBe(5000);
    expect(maxLengthOf(FaqItemDataSchema, 'priority')).toBeUndefined();
    expect(maxLengthOf(FaqItemDataSchema, 'question')).toBeUndefined();
    expect(maxLengthOf(ProfileSchema, 'firstName')).toBeGreaterThan(0);
    expect(maxLengthOf(UpdateTipjarBodySchema.shape.data, 'description')).toBe(2000);
  });

  it("gives each text field of a form the schema's maximum as its maxLength", async () => {
    render(<FaqForm />);
    expect((await screen.findByRole('textbox', { name: 'Question' })).getAttribute('maxlength')).toBe('300');
    expect(screen.getByRole('textbox', { name: 'Priority' }).getAttribute('maxlength')).toBeNull();
  });
});
