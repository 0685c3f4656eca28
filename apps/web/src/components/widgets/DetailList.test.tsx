import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clampColumns, DetailList } from './DetailList';

function List({ col }: { col?: number }) {
  return (
    <DetailList title="基本信息" col={col}>
      <DetailList.Item term="姓名">张三</DetailList.Item>
      <DetailList.Item term="学号">2024001</DetailList.Item>
      <DetailList.Item term="班级">一年级二班</DetailList.Item>
    </DetailList>
  );
}

const cells = (container: HTMLElement) => [...container.querySelectorAll('.detail-list-item')];

describe('DetailList', () => {
  it('shows the title and each label with its value', () => {
    render(<List />);
    expect(screen.getByText('基本信息')).toBeInTheDocument();
    expect(screen.getByText('姓名：')).toBeInTheDocument();
    expect(screen.getByText('张三')).toBeInTheDocument();
    expect(screen.getByText('学号：').nextElementSibling).toHaveTextContent('2024001');
  });

  it.each([
    [1, 'ant-col-md-24'],
    [2, 'ant-col-md-12'],
    [3, 'ant-col-md-8'],
    [4, 'ant-col-md-6'],
    [6, 'ant-col-md-6'],
    [0, 'ant-col-md-24'],
  ])('col=%s lays items out with %s', (col, cls) => {
    const { container } = render(<List col={col} />);
    expect(container.querySelector('.detail-list')).toHaveAttribute('data-columns', String(clampColumns(col)));
    for (const cell of cells(container)) expect(cell).toHaveClass(cls, 'ant-col-xs-24');
  });

  it('clamps to 1..4', () => {
    expect([clampColumns(5), clampColumns(99), clampColumns(0), clampColumns(-2), clampColumns(Number.NaN), clampColumns(2.7)]).toEqual([4, 4, 1, 1, 1, 2]);
  });

  it('small screens get one column per item on phones and at most two on tablets', () => {
    const { container } = render(<List col={4} />);
    expect(cells(container)[0]).toHaveClass('ant-col-xs-24', 'ant-col-sm-12', 'ant-col-md-6');
  });

  it('vertical layout puts the label above the value without a colon; empty value shows -', () => {
    render(
      <DetailList layout="vertical">
        <DetailList.Item term="备注" />
      </DetailList>,
    );
    expect(screen.getByText('备注')).toBeInTheDocument();
    expect(screen.getByText('-')).toBeInTheDocument();
  });
});
