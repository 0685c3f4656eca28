// A log's content on 日志管理 and the workplace: as recorded in Chinese, in English when the interface is
// English (a sign-in's sentence as a whole, an operation as its tag and summary), as recorded when unknown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLocaleForTest } from '../../../lib/i18n';
import { logContentText } from './logContentText';

describe('logContentText', () => {
  it('shows the content as recorded in Chinese', () => {
    expect(logContentText('用户管理-给用户分配角色')).toBe('用户管理-给用户分配角色');
    expect(logContentText('用户名: admin,登录成功！')).toBe('用户名: admin,登录成功！');
  });

  describe('in English', () => {
    beforeAll(() => setLocaleForTest('en-US'));
    afterAll(() => setLocaleForTest('zh-CN'));

    it('translates an operation by its tag and summary', () => {
      expect(logContentText('用户管理-给用户分配角色')).toBe('Users - Give users roles');
      expect(logContentText('定时任务-立即执行一次')).toBe('Scheduled jobs - Run once now');
      expect(logContentText('Online表单自定义按钮-删除自定义按钮')).toBe('Online form custom buttons - Delete a custom button');
      // a tag in English already (the health checks)
      expect(logContentText('system-健康检查')).toBe('system - Health check');
    });

    it('translates a sign-in, a refused sign-in and a sign-out as a whole', () => {
      expect(logContentText('用户名: admin,登录成功！')).toBe('Username: admin, signed in');
      expect(logContentText('用户名: admin,登录成功！（扫码登录）')).toBe('Username: admin, signed in with a QR code');
      expect(logContentText('登录失败，用户名: zhang-san，用户名或密码错误')).toBe('Sign-in failed, username: zhang-san, Wrong username or password');
      expect(logContentText('用户名: admin,退出成功！')).toBe('Username: admin, signed out');
    });

    it('shows what the catalogue does not know as recorded', () => {
      expect(logContentText('POST /sys/position/add')).toBe('POST /sys/position/add');
      expect(logContentText('某个模块-某个操作')).toBe('某个模块-某个操作');
      expect(logContentText('没有横线的内容')).toBe('没有横线的内容');
    });
  });
});
