import { render, screen } from '@testing-library/react';
import { Button, Message, Placeholder } from './index';

describe('Semantic UI elements', () => {
  it('writes the classes of Semantic UI’s button for its variants, and is a plain button unless told to submit', () => {
    render(
      <>
        <Button primary basic size="small" className="extra">
          重试
        </Button>
        <Button type="submit" fluid loading disabled>
          登录
        </Button>
      </>,
    );
    const retry = screen.getByRole('button', { name: '重试' });
    expect(retry).toHaveClass('ui', 'primary', 'basic', 'small', 'button', 'extra');
    expect(retry).toHaveAttribute('type', 'button');
    const submit = screen.getByRole('button', { name: '登录' });
    expect(submit).toHaveClass('ui', 'fluid', 'loading', 'disabled', 'button');
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('type', 'submit');
  });

  it('writes a negative message with its header, and the placeholder’s lines', () => {
    const { container } = render(
      <>
        <Message negative size="small" role="alert">
          <Message.Header>搜索没有完成</Message.Header>
        </Message>
        <Placeholder fluid>
          <Placeholder.Paragraph>{[<Placeholder.Line key="full" length="full" />]}</Placeholder.Paragraph>
          <Placeholder.Header image>{[<Placeholder.Line key="short" />]}</Placeholder.Header>
        </Placeholder>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveClass('ui', 'negative', 'small', 'message');
    expect(screen.getByText('搜索没有完成')).toHaveClass('header');
    expect(container.querySelector('.ui.fluid.placeholder > .image.header > .line')).not.toBeNull();
    expect(container.querySelector('.ui.fluid.placeholder > .paragraph > .full.line')).not.toBeNull();
  });
});
