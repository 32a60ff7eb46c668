import { expect as baseExpect, type Locator } from '@playwright/test';
import { ProjectPage, QuizPage } from './pages';
import { expect, test } from './support/fixtures';

/** A field in error: marked invalid, described by its message (in plain words, beside it), and focused. */
async function expectInError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await field.getAttribute('aria-describedby');
  baseExpect(describedBy).toBeTruthy();
  await expect(field.page().locator(`[id="${describedBy}"]`)).toHaveText(message);
  await expect(field).toBeFocused();
}

test('the contribute form says what is wrong beside each field, and focuses the first', async ({ page, slug }) => {
  const project = new ProjectPage(page);
  await project.open(slug);
  const form = project.contributeForm;
  const name = form.getByTestId('contribute-name');
  const amount = form.getByRole('textbox', { name: 'Amount in euros' });

  await amount.fill('');
  await form.getByTestId('contribute-submit').click();
  await expectInError(name, 'Enter the name to show on the live list.');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');

  await name.fill('Ana');
  await form.getByTestId('contribute-submit').click();
  await expectInError(amount, 'Choose or enter an amount of at least €1.');
  await expect(name).not.toHaveAttribute('aria-invalid');

  // What only the server can tell (an invisible character) comes back in the same words, beside the field.
  await name.fill('\u200b');
  await form.getByTestId('contribute-amount').first().click();
  await form.getByTestId('contribute-submit').click();
  await expectInError(name, 'Use letters, digits or punctuation for a name.');
  await expect(form).not.toContainText('name:');

  await name.fill('Ana');
  await form.getByTestId('contribute-submit').click();
  await expect(form).toContainText('Thank you, Ana!');
  await expect(name).not.toHaveAttribute('aria-invalid');
});

test('the quiz’s name form says so beside the field', async ({ page }) => {
  const quiz = new QuizPage(page);
  await quiz.open();
  await quiz.start();
  await quiz.playThrough();
  await quiz.submitButton.click();
  await expectInError(quiz.name, 'Enter the name to show on the leaderboard.');
});
