<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="64" tileheight="64" tilecount="16" columns="4">
 <image source="terrain.png" width="256" height="256"/>
 <tile id="0">
  <properties>
   <property name="blocked" type="bool" value="false"/>
   <property name="terrain" type="string" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="blocked" type="bool" value="false"/>
   <property name="terrain" type="string" value="meadow"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="blocked" type="bool" value="false"/>
   <property name="terrain" type="string" value="dirt"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="blocked" type="bool" value="false"/>
   <property name="terrain" type="string" value="sand"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="blocked" type="bool" value="false"/>
   <property name="terrain" type="string" value="stone floor"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="blocked" type="bool" value="false"/>
   <property name="terrain" type="string" value="deck planks"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="blocked" type="bool" value="true"/>
   <property name="terrain" type="string" value="water"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="blocked" type="bool" value="true"/>
   <property name="terrain" type="string" value="rock"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="blocked" type="bool" value="true"/>
   <property name="terrain" type="string" value="tree"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="blocked" type="bool" value="true"/>
   <property name="terrain" type="string" value="wall"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="blocked" type="bool" value="false"/>
   <property name="terrain" type="string" value="bridge"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="blocked" type="bool" value="false"/>
   <property name="terrain" type="string" value="road"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="blocked" type="bool" value="true"/>
   <property name="terrain" type="string" value="ship hull"/>
  </properties>
 </tile>
</tileset>
