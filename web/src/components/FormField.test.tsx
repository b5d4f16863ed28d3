import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { CheckField, ChoiceGroup, InputField, SelectField } from './FormField';

interface Values {
  name: string;
  notes: string;
  color: string;
  agree: boolean;
  size: string;
}

/** A form as the pages build theirs: each field bound with register, errors from the form. */
function Demo() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>();
  const required = { required: 'form.required' };
  return (
    <form noValidate onSubmit={handleSubmit(() => undefined)}>
      <InputField
        id="d-name"
        label="Name"
        hint="As on your ID"
        error={errors.name}
        {...register('name', required)}
      />
      <InputField
        id="d-notes"
        label="Notes"
        as="textarea"
        rows={3}
        error={errors.notes}
        {...register('notes')}
      />
      <SelectField
        id="d-color"
        label="Colour"
        error={errors.color}
        {...register('color', required)}
      >
        <option value="">Pick one</option>
        <option value="red">Red</option>
      </SelectField>
      <CheckField
        id="d-agree"
        label="I agree"
        error={errors.agree}
        {...register('agree', required)}
      />
      <ChoiceGroup id="d-size" legend="Size" error={errors.size}>
        <input type="radio" id="d-size-s" value="s" {...register('size', required)} />
        <label htmlFor="d-size-s">Small</label>
      </ChoiceGroup>
      <button type="submit">Send</button>
    </form>
  );
}

describe('form fields', () => {
  it('tie each label to its control and describe the control by its hint', async () => {
    renderRoutes([{ path: '/', element: <Demo /> }]);
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveAccessibleDescription('As on your ID');
    expect(screen.getByLabelText('Notes').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Colour').tagName).toBe('SELECT');
    expect(screen.getByLabelText('I agree')).toHaveAttribute('type', 'checkbox');
    expect(screen.getByRole('group', { name: 'Size' })).toBeInTheDocument();
  });

  it('announce each error, mark its control invalid, and read it with the control', async () => {
    renderRoutes([{ path: '/', element: <Demo /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    // Four required fields: four announced errors, the hint gives way to the error.
    expect(await screen.findAllByRole('alert')).toHaveLength(4);
    for (const label of ['Name', 'Colour', 'I agree']) {
      const control = screen.getByLabelText(label);
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control).toHaveAccessibleDescription('This field is required.');
    }
    expect(screen.queryByText('As on your ID')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Size' })).toHaveAccessibleDescription(
      'This field is required.',
    );
    // A field without an error is not marked.
    expect(screen.getByLabelText('Notes')).not.toHaveAttribute('aria-invalid');
  });
});
