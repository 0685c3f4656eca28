// 系统设置: the display settings of spec/01 §3, applied at once and kept locally.
import { Button, Divider, Drawer, Radio, Space, Switch, Tooltip } from 'antd';
import { message } from '../../lib/antd/static';
import { displaySettingsText, resetDisplay, updateDisplay, useDisplay } from '../../lib/display/store';
import { t } from '../../lib/i18n';

const COLORS = ['#1890FF', '#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#2F54EB', '#722ED1'];

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', margin: '12px 0' }}>
      <span>{label}</span>
      {children}
    </div>
  );
}

/** Copies the settings as JSON; browsers without the clipboard API (or refusing it) get a message. */
async function copySettings() {
  try {
    await navigator.clipboard.writeText(displaySettingsText());
    message.success(t('设置已复制到剪贴板'));
  } catch {
    message.warning(t('浏览器不允许写入剪贴板，请手动复制'));
  }
}

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useDisplay();
  return (
    <Drawer
      title={t('系统设置')}
      open={open}
      onClose={onClose}
      width={300}
      footer={
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Button onClick={() => void copySettings()}>{t('拷贝设置')}</Button>
          <Button onClick={() => resetDisplay()}>{t('重置')}</Button>
        </Space>
      }
    >
      <Divider orientation="left">{t('整体风格')}</Divider>
      <Radio.Group value={s.navTheme} onChange={(e) => updateDisplay({ navTheme: e.target.value })}>
        <Radio.Button value="dark">{t('暗色菜单')}</Radio.Button>
        <Radio.Button value="light">{t('亮色菜单')}</Radio.Button>
      </Radio.Group>
      <Row label={t('暗黑模式')}>
        <Switch size="small" aria-label={t('暗黑模式')} checked={s.darkMode} onChange={(v) => updateDisplay({ darkMode: v })} />
      </Row>
      <Divider orientation="left">{t('主题色')}</Divider>
      <Space wrap>
        {COLORS.map((c) => (
          <Tooltip key={c} title={c}>
            <button
              type="button"
              aria-label={t('主题色 {colour}', { colour: c })}
              onClick={() => updateDisplay({ primaryColor: c })}
              style={{ width: 22, height: 22, background: c, border: s.primaryColor === c ? '2px solid #000' : 0, borderRadius: 4, cursor: 'pointer' }}
            />
          </Tooltip>
        ))}
      </Space>
      <Divider orientation="left">{t('导航模式')}</Divider>
      <Radio.Group value={s.layout} onChange={(e) => updateDisplay({ layout: e.target.value })}>
        <Radio.Button value="sidemenu">{t('侧边栏导航')}</Radio.Button>
        <Radio.Button value="topmenu">{t('顶部栏导航')}</Radio.Button>
      </Radio.Group>
      <Row label={t('内容区域宽度')}>
        <Radio.Group size="small" value={s.contentWidth} onChange={(e) => updateDisplay({ contentWidth: e.target.value })} disabled={s.layout !== 'topmenu'}>
          <Radio.Button value="Fixed">{t('定宽')}</Radio.Button>
          <Radio.Button value="Fluid">{t('流式')}</Radio.Button>
        </Radio.Group>
      </Row>
      <Row label={t('固定 Header')}>
        <Switch size="small" aria-label={t('固定 Header')} checked={s.fixedHeader} onChange={(v) => updateDisplay({ fixedHeader: v, autoHideHeader: v && s.autoHideHeader })} />
      </Row>
      <Row label={t('下滑时隐藏 Header')}>
        <Switch size="small" aria-label={t('下滑时隐藏 Header')} checked={s.autoHideHeader} disabled={!s.fixedHeader} onChange={(v) => updateDisplay({ autoHideHeader: v })} />
      </Row>
      <Row label={t('固定侧边菜单')}>
        <Switch size="small" aria-label={t('固定侧边菜单')} checked={s.fixSiderbar} disabled={s.layout === 'topmenu'} onChange={(v) => updateDisplay({ fixSiderbar: v })} />
      </Row>
      <Divider orientation="left">{t('其他设置')}</Divider>
      <Row label={t('色弱模式')}>
        <Switch size="small" aria-label={t('色弱模式')} checked={s.colorWeak} onChange={(v) => updateDisplay({ colorWeak: v })} />
      </Row>
      <Row label={t('多页签模式')}>
        <Switch size="small" aria-label={t('多页签模式')} checked={s.multipage} onChange={(v) => updateDisplay({ multipage: v })} />
      </Row>
      <Row label={t('语音播报')}>
        <Switch size="small" aria-label={t('语音播报')} checked={s.speakNotices} onChange={(v) => updateDisplay({ speakNotices: v })} />
      </Row>
    </Drawer>
  );
}
